import ScreenRegistry

/// The sample app: a social network, coordinator flows and a shop, reproducing the
/// example apps of the deep-link literature, plus Beagle's documentation example.
///
/// Every button and link navigates to a path this registry resolves. There is no
/// catch-all route: an unknown path stays unknown.
public enum Catalog {
    /// The catalog's registry, the embedded default of `screen-registry`.
    public static let registry: ScreenRegistry = {
        var registry = ScreenRegistry()
        // The patterns below are literals: a mistake in them is a programmer's error,
        // caught by the catalog's tests, never by input from outside.
        func add(_ screen: any DeeplinkScreen.Type, _ pattern: String, parent: String? = nil, guard routeGuard: RouteGuard? = nil) {
            do {
                try registry.register(screen, at: pattern, parent: parent, guard: routeGuard)
            } catch {
                preconditionFailure("Catalog: \(error)")
            }
        }
        // Social app; `u/:userId` is a short link that redirects to the profile.
        add(ProfileScreen.self, "profile/:userId", parent: "home")
        add(FollowScreen.self, "follow/:userId", parent: "profile/:userId")
        add(RetweetScreen.self, "retweet/:tweetId")
        do {
            try registry.redirect("u/:userId", to: "profile/:userId")
        } catch {
            preconditionFailure("Catalog: \(error)")
        }
        // Coordinator flows: app → home → dashboard → card → card detail, so a deep
        // link to a card's detail restores the whole stack.
        add(HomeScreen.self, "home")
        add(DashboardScreen.self, "home/dashboard", parent: "home")
        add(CardScreen.self, "cards/:cardId(int)", parent: "home/dashboard")
        add(CardDetailScreen.self, "cards/:cardId(int)/detail", parent: "cards/:cardId(int)")
        add(SettingsScreen.self, "settings", parent: "home")
        add(LoginScreen.self, "login")
        add(RegistrationScreen.self, "login/registration", parent: "login")
        // Shop: paying needs a session; without one the login screen shows, with `next`.
        add(ProductsScreen.self, "products")
        add(ProductScreen.self, "products/:productId", parent: "products")
        add(PaymentScreen.self, "payment", parent: "products", guard: .requires("session", else: "login"))
        // Beagle's documentation example.
        add(TextScreen.self, "text")
        // Paths nobody handles get this screen (the server still answers 404).
        registry.fallback = NotFoundScreen.self
        // What the catalog's app ships beside its client libraries: the badge's view from
        // app 2.0 (older apps get the profile's fallback), and, for DivKit, whose clients
        // have no alert or back action, handlers for the alert of the payment screen and
        // the back button of the retweet screen.
        registry.appComponents.declare("custom:badge", since: Version("2.0"), on: .all)
        registry.appComponents.declare("beagle:alert", on: .all)
        registry.appComponents.declare("beagle:popView", on: .all)
        return registry
    }()
}

/// Builds a navigation target from raw segments, escaping each: `link("follow", id)`.
func link(_ segments: String...) -> String {
    DeepLink.path(of: segments)
}
