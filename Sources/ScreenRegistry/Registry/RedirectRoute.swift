/// The screen type of a redirect entry. A redirect is always followed, so this screen
/// is never built by the registry.
public struct RedirectRoute: DeeplinkScreen {
    public init(path: String, data: [String: String]) {}

    public func screen() async throws -> Screen {
        Screen {}
    }
}
