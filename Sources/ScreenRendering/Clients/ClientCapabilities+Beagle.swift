import ScreenRegistry

extension ClientCapabilities {
    /// Beagle's clients (iOS, Android, Web) render every Beagle type the model has, and
    /// nothing else: a type they do not know is not shown as meant (on Android in debug
    /// builds, an error screen: Beagle#450), so a custom component needs the app's own view. Versions are not listed: the facts are Beagle
    /// framework 2.x's, which every client of this format speaks.
    ///
    /// Source: `shared/BEAGLE-FORMAT.md` ("Objects and type keys", "Components", "Actions"),
    /// read from Beagle's Kotlin backend, its iOS client and its documentation.
    public static let beagle = ClientCapabilities(
        client: "beagle", format: .json,
        types: [
            "beagle:screenComponent", "beagle:container", "beagle:text", "beagle:button", "beagle:image",
            "beagle:textInput", "beagle:listView", "beagle:scrollView", "beagle:touchable", "beagle:pageView",
            "beagle:tabBar", "beagle:webView",
            "beagle:pushView", "beagle:pushStack", "beagle:resetApplication", "beagle:resetStack", "beagle:popView",
            "beagle:popStack", "beagle:popToView", "beagle:openExternalURL", "beagle:openNativeRoute", "beagle:alert",
            "beagle:confirm", "beagle:setContext", "beagle:sendRequest", "beagle:condition",
        ].map { ($0, nil) },
        sources: ["shared/BEAGLE-FORMAT.md", "ZupIT/beagle#450 (unknown widgets)"])
}
