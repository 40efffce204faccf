import ScreenRegistry

/// A screen fitted to one client before it is written: what the client cannot render is
/// replaced by its fallback, what is for another platform is left out, and what can be
/// neither rendered nor replaced is an error, never a broken screen or a silent drop.
///
/// What a client renders is its format's ``ClientCapabilities`` at its library's version;
/// a custom component (and any type, or form of a type, that the format can only write as
/// the app's own view: ``ClientCapabilities/AppViewForm``) is rendered only by the app
/// versions and platforms that `AppComponents` declares.
public struct ClientFit: Sendable {
    /// Who the screen is for.
    public let profile: ClientProfile
    /// The views the app ships.
    public let appComponents: AppComponents
    private let capabilities: ClientCapabilities

    /// A fit for `profile`, with the app's declared views.
    public init(_ profile: ClientProfile, appComponents: AppComponents) {
        self.profile = profile
        self.appComponents = appComponents
        capabilities = profile.capabilities
    }

    /// `node` as the client gets it, or the first component it could not get.
    public func fit(_ node: Node) throws(UnsupportedComponent) -> Node {
        var problems: [UnsupportedComponent] = []
        var unread = false
        let outcome = fitted(node, &problems, &unread)
        if let first = problems.first { throw first }
        switch outcome {
        case .one(let fitted)?: return fitted
        case .several(let nodes)?: return nodes.first ?? node
        case nil: return node
        }
    }

    /// Every component and action of `node` that the client can neither render nor replace.
    public func problems(in node: Node) -> [UnsupportedComponent] {
        var problems: [UnsupportedComponent] = []
        var unread = false
        _ = fitted(node, &problems, &unread)
        return problems
    }

    /// Why the client cannot render `node`, or `nil` when it can.
    public func reason(cannotRender node: Node) -> String? {
        if let refusal = refusal(of: node) { return describe(refusal) }
        guard capabilities.evaluatesBindings(of: node) else { return nil }
        return node.firstOfOwnExpressions(refusal(ofBinding:)).map(describe)
    }

    /// Why a client does not render a node, before it is worded (only a problem is).
    private enum Refusal {
        /// Its type, which the client renders from `since`.
        case type(since: Version)
        /// A property value, which the client renders from a later version than the type.
        case property(ClientCapabilities.PropertyRequirement, value: String)
        /// A binding's path into context data, which the client reads from a later version.
        case path(ClientCapabilities.PathRequirement, path: String)
        /// A binding the format cannot write as the client's own expression: an operation
        /// it has no equivalent for, or (`nil`) a body Beagle's grammar does not read.
        case binding(operation: String?)
        /// A binding of operations the format writes as the client's own, but not with
        /// these operands: their number, or a literal of a type the client's form does not take.
        case operands(binding: String)
        /// A view of the app's own that the app does not declare for this client: the
        /// node's type, or the form the format writes as the app's view.
        case appView(ClientCapabilities.AppViewForm?)
        /// An action the client has no equivalent for (or none in this form), which its
        /// format hands to no handler of the app's own.
        case noAppHandler(ClientCapabilities.AppViewForm?)
    }

    private func refusal(of node: Node) -> Refusal? {
        guard node.kind == .component || node.kind == .action else { return nil }
        switch capabilities.rendering(of: node, at: profile.clientVersion) {
        case .asAppView(let form):
            if node.kind == .action && !capabilities.handsOtherActionsToTheApp { return .noAppHandler(form) }
            // The app's view renders it, not the client's own type: no version of it applies.
            let ships = appComponents.ships(form.name, appVersion: profile.appVersion, platform: profile.platform)
            return ships ? nil : .appView(form)
        case .renderedUnlessValuesInNoVersion:
            for requirement in capabilities.propertiesRenderedByNoVersion {
                if let value = requirement.value(in: node) { return .property(requirement, value: value) }
            }
            fallthrough
        case .rendered:
            guard let version = profile.clientVersion else { return nil }
            for requirement in capabilities.properties where version < requirement.since {
                if let value = requirement.value(in: node) { return .property(requirement, value: value) }
            }
            return nil
        case .fromLaterVersion(let since):
            return .type(since: since)
        case .byTheAppOnly:
            if node.kind == .action && !capabilities.handsOtherActionsToTheApp { return .noAppHandler(nil) }
            let ships = appComponents.ships(node.type, appVersion: profile.appVersion, platform: profile.platform)
            return ships ? nil : .appView(nil)
        }
    }

    /// Why the client cannot read `expression`, a binding of a node it is sent: an operation
    /// its format has no equivalent for, a body Beagle's grammar does not read, a path
    /// into context data it reads only from a later version. Bindings are rare, so each is
    /// read where the walk meets it.
    private func refusal(ofBinding expression: BeagleExpression) -> Refusal? {
        let operations = capabilities.bindingOperations
        let version = capabilities.paths.isEmpty ? nil : profile.clientVersion
        guard operations != nil || version != nil else { return nil }  // reads every binding
        for case .binding(let body) in expression.parts {
            guard let term = BindingTerm(body) else {
                if operations != nil { return .binding(operation: nil) }
                continue
            }
            if let operations {
                if let name = term.firstOperation(notIn: operations) { return .binding(operation: name) }
                if !capabilities.writesBinding(term) { return .operands(binding: body) }
            }
            guard let version else { continue }
            for requirement in capabilities.paths where version < requirement.since {
                if let path = requirement.path(in: term) { return .path(requirement, path: path) }
            }
        }
        return nil
    }

    /// Sets `unread` when `value` is a binding the client cannot read; other values are
    /// passed over on their case alone.
    @inline(__always)
    private func read(_ value: Node.Value, into unread: inout Bool) {
        guard value.isExpression, !unread, case .expression(let expression) = value else { return }
        unread = refusal(ofBinding: expression) != nil
    }

    private func describe(_ refusal: Refusal) -> String {
        switch refusal {
        case .property(let requirement, let value):
            let what = value.isEmpty ? requirement.path.joined(separator: ".") : requirement.path.joined(separator: ".") + " " + value
            if requirement.isRenderedByNoVersion { return "\(capabilities.client) renders \(what) in no version up to \(requirement.since)" }
            return "\(capabilities.client) renders \(what) from \(requirement.since)"
        case .path(let requirement, let path):
            let reach = requirement.reach == .member ? "into context data" : "through nested context data"
            return "\(capabilities.client) reads \(path), a path \(reach), from \(requirement.since)"
        case .binding(let operation?):
            return "\(capabilities.client) has no equivalent for \(operation), an operation in its binding"
        case .binding(nil):
            return "\(capabilities.client) cannot read its binding, which is not an expression of Beagle's"
        case .operands(let binding):
            return "\(capabilities.client) has no equivalent for its binding \(binding): the format writes none for an operation with operands of this number or type"
        case .type(let since):
            return "\(capabilities.client) renders it from \(since)"
        case .noAppHandler(let form):
            let what = form.map { "it \($0.condition)" } ?? "it"
            return "\(capabilities.client) has no equivalent for \(what), and its format hands it to no handler of the app's own"
        case .appView(let form):
            let app = profile.appVersion.map { "app \($0)" } ?? "an app that names no version"
            let view = form.map { "this form of it is written as the app's own view \($0.name)" } ?? "it needs the app's own view"
            return "\(view), which \(app) on \(profile.platform.map(String.init(describing:)) ?? "an unnamed platform") does not declare"
        }
    }

    /// What stands in the place of a node or value that the fit changes.
    fileprivate enum Replacement<Element> {
        /// One in its place (a node with fitted properties, a fallback of one component, a
        /// fitted list): the usual change, kept out of an array of its own.
        case one(Element)
        /// Any number in its place: a fallback of several components, or none (left out).
        case several([Element])

        var elements: [Element] {
            switch self {
            case .one(let element): [element]
            case .several(let elements): elements
            }
        }

        var count: Int {
            switch self {
            case .one: 1
            case .several(let elements): elements.count
            }
        }

        func map<Other>(_ transform: (Element) -> Other) -> Replacement<Other> {
            switch self {
            case .one(let element): .one(transform(element))
            case .several(let elements): .several(elements.map(transform))
            }
        }
    }

    /// `nil` when `node` stays as it is (the usual case, which allocates nothing); else
    /// what stands in its place: a copy with fitted properties, its fallback (any count)
    /// or nothing (left out). A problem's path starts at the node that cannot be rendered;
    /// each component and action above it adds its type on the way back up, so that a walk
    /// without problems (the usual one) keeps no path.
    ///
    /// `unread` is set when `node`, a structured value, holds a binding the client cannot
    /// read: the component or action it is in is refused for it. A component or action
    /// keeps its own, and is replaced for one, as for any refusal, when the client
    /// evaluates its bindings (the app's own views get them as text).
    private func fitted(_ node: Node, _ problems: inout [UnsupportedComponent], _ unread: inout Bool) -> Replacement<Node>? {
        if let platform = profile.platform, node.platforms.isDisjoint(with: platform) { return .several([]) }
        if let refusal = refusal(of: node) { return replacement(of: node, refusedFor: refusal, &problems) }
        let isOwner = node.kind == .component || node.kind == .action
        var ownUnread = false
        let problemsBefore = problems.count
        var isReplaced = false
        defer {
            // A replacement's problems are its own, not this node's children's.
            if !isReplaced && isOwner {
                for index in problemsBefore..<problems.count {
                    problems[index].path = node.type + " > " + problems[index].path
                }
            }
        }
        var properties: [Node.Property]?  // made on the first change
        // By index: the properties are read in place, not copied one by one.
        for index in node.properties.indices {
            let problemsBeforeProperty = problems.count
            read(node.properties[index].value, into: &ownUnread)
            guard node.properties[index].value.holdsNodes, let replacement = fitted(node.properties[index].value, &problems, &ownUnread) else {
                properties?.append(node.properties[index])
                continue
            }
            let name = node.properties[index].name
            // A touchable whose child the walk left out, whole or every item of it, has
            // nothing to show or to tap. Its actions go with it, and so do their problems
            // (its `onPress` comes first), unless the child itself is a problem (it has no
            // fallback): then all stay.
            if replacement.leavesNothing, name == "child", node.type == "beagle:touchable" {
                if problems.count == problemsBeforeProperty { problems.removeSubrange(problemsBefore..<problemsBeforeProperty) }
                return .several([])
            }
            if properties == nil { properties = Self.copy(of: node.properties, upTo: index) }
            switch replacement {
            case .one(let value):
                properties?.append(.init(name, value))
            case .several(let values) where values.count == 1:
                properties?.append(.init(name, values[0]))
            case .several(let values) where !values.isEmpty:
                // A fallback of several components where one stood: they go in a container.
                let children = Node.Value.list(values)
                properties?.append(.init(name, .node(Node(kind: .component, type: "beagle:container", properties: [.init("children", children)]))))
            case .several:
                break  // left out
            }
        }
        if ownUnread && !isOwner {
            unread = true  // a structured value's binding is its owner's
        } else if ownUnread, capabilities.evaluatesBindings(of: node), let refusal = node.firstOfOwnExpressions(refusal(ofBinding:)) {
            problems.removeSubrange(problemsBefore...)
            isReplaced = true
            return replacement(of: node, refusedFor: refusal, &problems)
        }
        guard let properties else { return nil }
        var copy = node
        copy.properties = properties
        // What the walk left out can put a node in a form the format writes as the app's
        // own view (an image's path for another platform leaves a local image): such a
        // node is decided again, as it is written.
        if capabilities.hasAppViewForms(of: copy.type), let refusal = refusal(of: copy) {
            problems.removeSubrange(problemsBefore...)
            isReplaced = true
            return replacement(of: copy, refusedFor: refusal, &problems)
        }
        return .one(copy)
    }

    /// What stands in the place of a node the client cannot render: its fallback, fitted;
    /// without one, nothing, and a problem.
    private func replacement(of node: Node, refusedFor refusal: Refusal, _ problems: inout [UnsupportedComponent]) -> Replacement<Node> {
        guard let fallback = node.fallback else {
            problems.append(UnsupportedComponent(path: node.type, type: node.type, client: profile.description, reason: describe(refusal)))
            return .several([])
        }
        var unread = false  // a fallback's components keep their own
        if fallback.count == 1 { return fitted(fallback[0], &problems, &unread) ?? .one(fallback[0]) }
        return .several(fallback.flatMap { fitted($0, &problems, &unread)?.elements ?? [$0] })
    }

    /// `nil` when `value` stays as it is; else what stands in its place: a list's items
    /// each fitted into one list.
    private func fitted(_ value: Node.Value, _ problems: inout [UnsupportedComponent], _ unread: inout Bool) -> Replacement<Node.Value>? {
        switch value {
        case .node(let child):
            return fitted(child, &problems, &unread)?.map(Node.Value.node)
        case .list(let items):
            var fitted: [Node.Value]?  // made on the first change
            for index in items.indices {
                read(items[index], into: &unread)
                guard items[index].holdsNodes, let replacement = self.fitted(items[index], &problems, &unread) else {
                    fitted?.append(items[index])
                    continue
                }
                if fitted == nil { fitted = Self.copy(of: items, upTo: index, more: replacement.count - 1) }
                switch replacement {
                case .one(let item): fitted?.append(item)
                case .several(let items): fitted? += items
                }
            }
            return fitted.map { .one(.list($0)) }
        default:
            return nil
        }
    }
}

extension ClientFit.Replacement<Node.Value> {
    /// Whether nothing stands in the value's place: it is left out, or it was a list and
    /// every item of it is.
    fileprivate var leavesNothing: Bool {
        switch self {
        case .several(let values): values.isEmpty
        case .one(.list(let items)): items.isEmpty
        case .one: false
        }
    }
}

extension ClientFit {
    /// The first `index` elements of `elements`, with room for the rest (and `more`), so
    /// that the changed copy is allocated once, not regrown as the rest is appended.
    fileprivate static func copy<Element>(of elements: [Element], upTo index: Int, more: Int = 0) -> [Element] {
        var copy: [Element] = []
        copy.reserveCapacity(elements.count + max(more, 0))
        copy.append(contentsOf: elements[..<index])
        return copy
    }
}

/// A component or action a client can neither render nor replace, with no fallback.
public struct UnsupportedComponent: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where it is: the types from the screen down, such as `beagle:screenComponent >
    /// beagle:container > custom:badge`.
    public var path: String
    /// Its type.
    public var type: String
    /// The client, as its profile describes it.
    public var client: String
    /// Why the client cannot render it.
    public var reason: String

    public var description: String {
        "\(path): \(client) cannot render \(type): \(reason)"
    }
}

extension Node.Value {
    /// Whether the value is a node or a list, the only values a fit can change: read off
    /// the case alone, so that text and numbers are passed over without being copied.
    fileprivate var holdsNodes: Bool {
        switch self {
        case .node, .list: true
        case .string, .expression, .int, .double, .bool: false
        }
    }

    /// Whether the value is a binding, read off the case alone.
    fileprivate var isExpression: Bool {
        if case .expression = self { true } else { false }
    }
}
