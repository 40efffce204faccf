/// What happens when the user interacts with a component.
///
/// Each action maps onto Beagle's: `navigate(to:)` is `beagle:pushView` with a
/// remote route the client resolves against its base URL.
public enum Action: Sendable, Hashable {
    /// Opens the screen at `path` (a deep link the registry resolves) on top of the stack.
    case navigate(to: String)
    /// Opens a web address in the system browser.
    case openExternalURL(String)
    /// Asks the client's own deep-link manager to open a native screen.
    case openNativeRoute(route: String, data: [String: String] = [:])
    /// Closes the current screen.
    case popView
    /// Shows a system alert with an OK button.
    case alert(title: String? = nil, message: String)
    /// An action of your own, written as given (type `custom:<name>`).
    case custom(Node)

    /// The action as a node of the uniform tree.
    public var node: Node {
        switch self {
        case .navigate(let path):
            return Node(kind: .action, type: "beagle:pushView", properties: [
                .init("route", .node(.object([.init("url", .string(path))]))),
            ])
        case .openExternalURL(let url):
            return Node(kind: .action, type: "beagle:openExternalURL", properties: [.init("url", .string(url))])
        case .openNativeRoute(let route, let data):
            var list = PropertyList()
            list.add("route", route)
            list.add("data", map: data.isEmpty ? nil : data)
            return Node(kind: .action, type: "beagle:openNativeRoute", properties: list.properties)
        case .popView:
            return Node(kind: .action, type: "beagle:popView")
        case .alert(let title, let message):
            var list = PropertyList()
            list.add("title", title)
            list.add("message", message)
            return Node(kind: .action, type: "beagle:alert", properties: list.properties)
        case .custom(let node):
            return node
        }
    }
}
