import ScreenRegistry

/// A screen type that gives `screen-registry check` sample data for its routes.
///
/// Without it, `check` fills each route's parameters with typed defaults (`1`, `1.5`, a
/// fixed UUID, `example`), which some screens refuse:
///
/// ```swift
/// extension OrderScreen: CheckableScreen {
///     static let examples = [["orderId": "A-1001"], ["orderId": "A-1002", "tab": "items"]]
/// }
/// ```
public protocol CheckableScreen: DeeplinkScreen {
    /// Each entry holds the path parameters (and any other data) of one sample path.
    static var examples: [[String: String]] { get }
}
