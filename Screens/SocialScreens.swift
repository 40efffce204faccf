import ScreenRegistry
import ScreenService

/// `profile/:userId`: a user's profile, with the tab from `?tab=` (posts by default).
struct ProfileScreen: DeeplinkScreen {
    let userId: String
    let tab: String

    init(path: String, data: [String: String]) throws {
        userId = try data.required("userId", path: path)
        tab = data["tab"] ?? "posts"
    }

    func screen() async throws -> Screen {
        Screen(title: "Profile") {
            Image(url: "https://images.example.com/avatars" + link(userId) + ".png", placeholder: "avatar", mode: .centerCrop)
                .style(Style(cornerRadius: 40, size: Size(width: 80, height: 80)))
            Text("User \(userId)", styleId: "title", alignment: .center)
            // A view of the app's own, shipped from app 2.0 (Catalog.registry.appComponents).
            VerifiedBadge(label: "Verified").fallback { Text("Update the app to see badges") }
            Text("Showing \(tab)")
            Container {
                Button("Follow", action: .navigate(to: link("follow", userId)))
                Button("Retweet latest", action: .navigate(to: link("retweet", "\(userId)-latest")))
            }
            .style(Style(flex: Flex(flexDirection: .row, justifyContent: .spaceEvenly)))
            Button("Home", action: .navigate(to: link("home")))
        }
    }
}

/// `follow/:userId`: confirms a follow.
struct FollowScreen: DeeplinkScreen {
    let userId: String

    init(path: String, data: [String: String]) throws {
        userId = try data.required("userId", path: path)
    }

    func screen() async throws -> Screen {
        Screen(title: "Following") {
            Text("You now follow user \(userId)")
            Button("Back to profile", action: .navigate(to: link("profile", userId)))
        }
    }
}

/// `retweet/:tweetId`: confirms a retweet.
struct RetweetScreen: DeeplinkScreen {
    let tweetId: String

    init(path: String, data: [String: String]) throws {
        tweetId = try data.required("tweetId", path: path)
    }

    func screen() async throws -> Screen {
        Screen(title: "Retweet", showBackButton: true) {
            Text("Retweeted \(tweetId)")
            Button("Done", action: .popView)
        }
    }
}

/// `text`: Beagle's documentation example.
struct TextScreen: DeeplinkScreen {
    init(path: String, data: [String: String]) {}

    func screen() async throws -> Screen {
        Screen(title: "Text Screen") {
            Text("Beagle")
        }
    }
}

/// Built from the path and `tab` alone, so a rendered profile can be reused a while.
extension ProfileScreen: CacheableScreen {
    static let cacheLifetime: Duration = .seconds(60)
}

/// Always the same screen.
extension TextScreen: CacheableScreen {
    static let cacheLifetime: Duration = .seconds(60)
}

/// A badge the app draws with a view of its own: `custom:badge`.
struct VerifiedBadge: Component {
    var label: String

    var node: Node {
        Node(kind: .component, type: "custom:badge", properties: [.init("label", .string(label))])
    }
}
