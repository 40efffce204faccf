import ScreenRegistry

extension ClientCapabilities {
    /// A form of a type the client renders that its format can write only as a view of
    /// the app's own (a DivKit `custom` div, an HXML `sr:` element): a node in this form is
    /// rendered only by the apps that `AppComponents` declares ``name`` for, as a custom
    /// component is. A form of an action is the app's own to run, as an action the client
    /// has no equivalent for is: where the format hands no action to the app
    /// (``ClientCapabilities/handsOtherActionsToTheApp``), no app runs it.
    public struct AppViewForm: Sendable, CustomStringConvertible {
        /// The node type, such as `beagle:image`.
        public let type: String
        /// Whether the type is a component's or an action's.
        public let kind: Node.Kind
        /// What an app that ships the view declares, such as `beagle:image(local)`.
        public let name: String
        /// Which nodes of ``type`` are in the form, in words: `without a remote URL`.
        public let condition: String
        /// Whether a node of ``type`` is in this form, as the fit leaves it: the format's
        /// mapping writes these as the app's view. The capabilities call it for nodes of
        /// the type only.
        let matches: @Sendable (Node) -> Bool

        /// A form of `type`, of a component unless `kind` says otherwise: the nodes
        /// `matches` selects, which `condition` tells in words.
        public init(
            type: String, kind: Node.Kind = .component, name: String, condition: String = "in a form of its own",
            matches: @escaping @Sendable (Node) -> Bool
        ) {
            self.type = type
            self.kind = kind
            self.name = name
            self.condition = condition
            self.matches = matches
        }

        public var description: String {
            "\(type) \(condition) as the app's own \(kind == .action ? "action" : "view") \(name)"
        }

        /// Whether `node` is in this form.
        public func contains(_ node: Node) -> Bool {
            node.type == type && matches(node)
        }

        /// An image without a remote URL (`ImageSource.local`, an asset of the app): DivKit
        /// and Hyperview load images by URL only, so the mappings write the app's own
        /// `local_image` div and `sr:local-image` element.
        public static let localImage = AppViewForm(type: "beagle:image", name: "beagle:image(local)", condition: "without a remote URL") { image in
            guard case .node(let path)? = image[property: "path"], path.type == "remote",
                  let url = path[property: "url"] else { return true }
            switch url {
            case .string, .expression, .int, .double, .bool: return false
            case .node, .list: return true
            }
        }

        /// A web view whose URL is not a literal web address (`file:`, a binding): the
        /// client's web view gets only web addresses, so the mapping writes the app's own
        /// `sr:webView` without the URL.
        public static let webViewOfNoWebAddress = AppViewForm(
            type: "beagle:webView", name: "beagle:webView", condition: "of no literal web address"
        ) { webView in
            guard case .string(let url)? = webView[property: "url"] else { return true }
            return !url.isWebAddress
        }

        /// A touchable whose `child` is not one component (a list, text, nothing; only an
        /// imported tree has one): DivKit's mapping puts the press on the child's div, so
        /// without one it writes the app's own `custom` div `touchable`.
        public static let touchableOfNoSingleComponent = AppViewForm(
            type: "beagle:touchable", name: "beagle:touchable", condition: "of no single component"
        ) { touchable in
            guard case .node(let child)? = touchable[property: "child"] else { return true }
            return child.kind != .component
        }

        /// A touchable whose `child` is neither a component nor a list of components (text,
        /// an empty list, nothing; only an imported tree has one): Hyperview's mapping
        /// writes the press on a `<view>` around the children, so without any it writes the
        /// app's own `sr:touchable`.
        public static let touchableOfNoComponents = AppViewForm(
            type: "beagle:touchable", name: "beagle:touchable", condition: "of no components"
        ) { touchable in
            switch touchable[property: "child"] {
            case .node(let child)?: child.kind != .component
            case .list(let items)?: items.isEmpty || !items.allSatisfy { if case .node(let item) = $0 { item.kind == .component } else { false } }
            default: true
            }
        }

        /// A navigation (`pushView`, `pushStack`, `resetApplication`, `resetStack`) whose
        /// `route` is not a route with a `url` of text or of bindings to paths (a route of a
        /// screen of its own, a URL that is a number, an operation such as `sum(…)`, a route
        /// that is text; only an imported tree has one): HXML writes a behavior's `href`
        /// from a path alone, resolving bindings from the screen's contexts, so it writes
        /// such an action in the element's comment, where it never runs.
        public static func navigationOfNoPath(_ type: String) -> AppViewForm {
            AppViewForm(type: type, kind: .action, name: type, condition: "with a route of no path") { action in
                guard case .node(let route)? = action[property: "route"], let url = route[property: "url"] else { return true }
                return !url.isTextOrEvaluatedBinding
            }
        }

        /// An action whose `route` is a path or a route name (`popToView`,
        /// `openNativeRoute`) with anything but text or bindings to paths there (an object,
        /// a number, an operation; only an imported tree has one): HXML writes it in the
        /// element's comment.
        public static func routeOfNoText(_ type: String) -> AppViewForm {
            AppViewForm(type: type, kind: .action, name: type, condition: "with a route that is not text") { action in
                guard let route = action[property: "route"] else { return true }
                return !route.isTextOrEvaluatedBinding
            }
        }
    }
}

extension Node.Value {
    /// Whether the value is text, or text with bindings to paths and operations the server
    /// computes (``ContextScope/isEvaluated(_:)``): what HXML resolves into a behavior's
    /// `href` from the screen's contexts as it writes the screen. Whether the data has a
    /// text at each path is known only then.
    fileprivate var isTextOrEvaluatedBinding: Bool {
        switch self {
        case .string:
            true
        case .expression(let expression):
            expression.parts.allSatisfy { part in
                if case .binding(let body) = part { ContextScope.isEvaluated(body) } else { true }
            }
        case .int, .double, .bool, .node, .list:
            false
        }
    }
}
