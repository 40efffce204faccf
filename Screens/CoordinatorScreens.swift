import ScreenRegistry

/// `home`: the tab host of the coordinator flow.
struct HomeScreen: DeeplinkScreen {
    init(path: String, data: [String: String]) {}

    func screen() async throws -> Screen {
        Screen(title: "Home") {
            Container {
                Button("Dashboard", action: .navigate(to: link("home", "dashboard")))
                Button("Profile", action: .navigate(to: link("profile", "me")))
                Button("Settings", action: .navigate(to: link("settings")))
            }
            .id("tabs")
            .style(Style(flex: Flex(flexDirection: .row, justifyContent: .spaceBetween)))
            // For one platform only: every format leaves it out for the others.
            Text("Add the Home widget to your home screen").platforms(.ios)
        }
    }
}

/// `home/dashboard`: the cards.
struct DashboardScreen: DeeplinkScreen {
    static let cardIds = [1, 2, 3]

    init(path: String, data: [String: String]) {}

    func screen() async throws -> Screen {
        Screen(title: "Dashboard", showBackButton: true) {
            ScrollView(scrollDirection: .vertical) {
                for cardId in Self.cardIds {
                    Touchable(action: .navigate(to: link("cards", String(cardId)))) {
                        Text("Card \(cardId)")
                    }
                }
            }
        }
    }
}

/// `cards/:cardId(int)`: one card.
struct CardScreen: DeeplinkScreen {
    let cardId: Int

    init(path: String, data: [String: String]) throws {
        cardId = try data.requiredInt("cardId", path: path)
    }

    func screen() async throws -> Screen {
        Screen(title: "Card \(cardId)", showBackButton: true) {
            Text("Balance for card \(cardId)")
            Button("Details", action: .navigate(to: link("cards", String(cardId), "detail")))
        }
    }
}

/// `cards/:cardId(int)/detail`: a card's transactions.
struct CardDetailScreen: DeeplinkScreen {
    let cardId: Int

    init(path: String, data: [String: String]) throws {
        cardId = try data.requiredInt("cardId", path: path)
    }

    func screen() async throws -> Screen {
        Screen(title: "Card \(cardId) detail", showBackButton: true) {
            Text("Recent transactions for card \(cardId)")
            Button("Dashboard", action: .navigate(to: link("home", "dashboard")))
        }
    }
}

/// `settings`: account settings.
struct SettingsScreen: DeeplinkScreen {
    init(path: String, data: [String: String]) {}

    func screen() async throws -> Screen {
        Screen(title: "Settings", showBackButton: true) {
            Text("Notifications")
            Button("Help", action: .openExternalURL("https://help.example.com"))
            Button("Log out", action: .navigate(to: link("login")))
        }
    }
}

/// `login`: signing in; after it, the app continues to `next` (where a guard sent the
/// user from) or to `home`.
struct LoginScreen: DeeplinkScreen {
    let next: String

    init(path: String, data: [String: String]) {
        next = link("home")
    }

    init(match: RouteMatch, in registry: ScreenRegistry) {
        // `next` comes from data (a guard, or anybody's query): only a path of this app that
        // resolves here is followed; anything else could send the user to another site.
        next = registry.inAppPath(match.data["next"]) ?? link("home")
    }

    func screen() async throws -> Screen {
        Screen(title: "Log in") {
            TextInput(placeholder: "Email", type: .email)
            TextInput(placeholder: "Password", type: .password)
            Button("Log in", action: .navigate(to: next))
            Button("Create an account", action: .navigate(to: link("login", "registration")))
        }
    }
}

/// `login/registration`: creating an account.
struct RegistrationScreen: DeeplinkScreen {
    init(path: String, data: [String: String]) {}

    func screen() async throws -> Screen {
        Screen(title: "Registration", showBackButton: true) {
            TextInput(placeholder: "Name")
            TextInput(placeholder: "Email", type: .email)
            TextInput(placeholder: "Password", type: .password)
            Button("Register", action: .navigate(to: link("home")))
        }
    }
}
