/// What happens when the user interacts with a component.
///
/// Each action maps onto Beagle's: `navigate(to:)` is `beagle:pushView` with a
/// remote route `{"url": path}` that the client resolves against its base URL.
public enum Action: Sendable, Hashable {
    /// Opens the screen at `path` (a deep link the registry resolves) on top of the stack.
    case navigate(to: String)
    /// Opens the screen at `path` in a new navigation stack.
    case pushStack(to: String)
    /// Replaces the whole application with the screen at `path`.
    case resetApplication(to: String)
    /// Replaces the current stack with the screen at `path`.
    case resetStack(to: String)
    /// Closes the current screen.
    case popView
    /// Closes the current stack.
    case popStack
    /// Goes back to the screen whose route is `route`.
    case popToView(String)
    /// Opens a web address in the system browser.
    case openExternalURL(String)
    /// Asks the client's own deep-link manager to open a native screen.
    case openNativeRoute(route: String, data: [String: String] = [:], shouldResetApplication: Bool = false)
    /// Shows a system alert with an OK button.
    case alert(title: String? = nil, message: String, onPressOk: [Action] = [], labelOk: String? = nil)
    /// Shows a system dialog with OK and Cancel.
    case confirm(
        title: String? = nil, message: String, onPressOk: [Action] = [], onPressCancel: [Action] = [],
        labelOk: String? = nil, labelCancel: String? = nil
    )
    /// Changes the context `contextId` (at `path` inside it, when given) to `value`.
    case setContext(contextId: String, value: JSONValue, path: String? = nil)
    /// Calls an HTTP endpoint from the client.
    case sendRequest(
        url: String, method: HTTPMethod = .get, headers: [String: String] = [:], data: JSONValue? = nil,
        onSuccess: [Action] = [], onError: [Action] = [], onFinish: [Action] = []
    )
    /// An action of your own, written as given (type `custom:<name>`).
    case custom(Node)

    /// The HTTP methods of `sendRequest`.
    public enum HTTPMethod: String, Sendable, Hashable {
        case get = "GET", post = "POST", put = "PUT", delete = "DELETE", head = "HEAD", patch = "PATCH"
    }

    /// The action as a node of the uniform tree.
    public var node: Node {
        var list = PropertyList()
        let type: String
        switch self {
        case .navigate(let path):
            type = "beagle:pushView"
            list.add("route", Self.remoteRoute(path))
        case .pushStack(let path):
            type = "beagle:pushStack"
            list.add("route", Self.remoteRoute(path))
        case .resetApplication(let path):
            type = "beagle:resetApplication"
            list.add("route", Self.remoteRoute(path))
        case .resetStack(let path):
            type = "beagle:resetStack"
            list.add("route", Self.remoteRoute(path))
        case .popView:
            type = "beagle:popView"
        case .popStack:
            type = "beagle:popStack"
        case .popToView(let route):
            type = "beagle:popToView"
            list.add("route", route)
        case .openExternalURL(let url):
            type = "beagle:openExternalURL"
            list.add("url", url)
        case .openNativeRoute(let route, let data, let reset):
            type = "beagle:openNativeRoute"
            list.add("route", route)
            list.add("data", map: data.isEmpty ? nil : data)
            list.add("shouldResetApplication", reset)
        case .alert(let title, let message, let onPressOk, let labelOk):
            type = "beagle:alert"
            list.add("title", title)
            list.add("message", message)
            list.add("onPressOk", actions: onPressOk)
            list.add("labelOk", labelOk)
        case .confirm(let title, let message, let onPressOk, let onPressCancel, let labelOk, let labelCancel):
            type = "beagle:confirm"
            list.add("title", title)
            list.add("message", message)
            list.add("onPressOk", actions: onPressOk)
            list.add("onPressCancel", actions: onPressCancel)
            list.add("labelOk", labelOk)
            list.add("labelCancel", labelCancel)
        case .setContext(let contextId, let value, let path):
            type = "beagle:setContext"
            list.add("contextId", contextId)
            list.add("value", value.value)
            list.add("path", path)
        case .sendRequest(let url, let method, let headers, let data, let onSuccess, let onError, let onFinish):
            type = "beagle:sendRequest"
            list.add("url", url)
            list.add("method", method.rawValue)
            list.add("headers", map: headers.isEmpty ? nil : headers)
            list.add("data", data?.value)
            list.add("onSuccess", actions: onSuccess)
            list.add("onError", actions: onError)
            list.add("onFinish", actions: onFinish)
        case .custom(let node):
            return node
        }
        return Node(kind: .action, type: type, properties: list.properties)
    }

    private static func remoteRoute(_ path: String) -> Node {
        .object([.init("url", .string(path))])
    }
}
