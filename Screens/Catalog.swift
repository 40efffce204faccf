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
        // Social app.
        registry["profile/:userId"] = ProfileScreen.self
        registry["follow/:userId"] = FollowScreen.self
        registry["retweet/:tweetId"] = RetweetScreen.self
        // Coordinator flows: app → home → dashboard → card → card detail.
        registry["home"] = HomeScreen.self
        registry["home/dashboard"] = DashboardScreen.self
        registry["cards/:cardId(int)"] = CardScreen.self
        registry["cards/:cardId(int)/detail"] = CardDetailScreen.self
        registry["settings"] = SettingsScreen.self
        registry["login"] = LoginScreen.self
        registry["login/registration"] = RegistrationScreen.self
        // Shop.
        registry["products"] = ProductsScreen.self
        registry["products/:productId"] = ProductScreen.self
        registry["payment"] = PaymentScreen.self
        // Beagle's documentation example.
        registry["text"] = TextScreen.self
        return registry
    }()
}

/// Builds a navigation target from raw segments, escaping each: `link("follow", id)`.
func link(_ segments: String...) -> String {
    DeepLink.path(of: segments)
}
