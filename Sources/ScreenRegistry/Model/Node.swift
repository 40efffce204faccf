/// The uniform tree that every renderer walks.
///
/// Every component, action and structured value (style, navigation bar, route)
/// becomes a `Node`. Names and property order follow Beagle's wire format, so the
/// same screen always renders to the same bytes in every format, and a renderer
/// writes a custom component without knowing its type.
public struct Node: Sendable, Hashable {
    /// What a node stands for; renderers use it to pick the type key.
    public enum Kind: Sendable, Hashable {
        /// A visible component, such as `beagle:text` or `custom:badge`.
        case component
        /// An action, such as `beagle:pushView`.
        case action
        /// A structured value without a type name, such as a style or a route.
        case object
        /// An image path; `type` is `local` or `remote`.
        case imagePath
    }

    /// One named property; a node keeps them in declaration order.
    public struct Property: Sendable, Hashable {
        /// The property's name as written on the wire, such as `text` or `onPress`.
        public var name: String
        /// The property's value.
        public var value: Value

        /// Creates a property.
        public init(_ name: String, _ value: Value) {
            self.name = name
            self.value = value
        }
    }

    /// A property value. Absent values are left out rather than stored as null.
    public enum Value: Sendable, Hashable {
        /// Literal text: renderers escape it for the client's expression language, so it
        /// is shown as it is and never evaluated.
        case string(String)
        /// Text with bindings the client evaluates; only ever built explicitly
        /// (``BeagleExpression/bind(_:)``), never from data.
        case expression(BeagleExpression)
        case int(Int)
        case double(Double)
        case bool(Bool)
        /// A nested node: a child component, an action, a structured value.
        case node(Node)
        /// An ordered list of values: children, actions, templates.
        case list([Value])
    }

    // The two one-byte fields last: declared before a pointer-aligned field, each would
    // take eight bytes with its padding, in every node and property value of every tree.

    /// The full type name, such as `beagle:text` or `custom:badge`; empty for objects;
    /// `local` or `remote` for image paths.
    public var type: String
    /// The properties, in the order renderers write them.
    public var properties: [Property]
    /// What a client that cannot render this node shows instead (``Component/fallback(_:)``):
    /// `nil` for none, so such a client gets an error instead; empty to leave the node out.
    public var fallback: [Node]?
    /// Whether this is a component, an action or a plain structured value.
    public var kind: Kind
    /// The client platforms this node is for; a renderer writing for another platform
    /// leaves it out. `.all` by default.
    public var platforms: Platforms

    /// Creates a node.
    public init(kind: Kind, type: String, properties: [Property] = [], platforms: Platforms = .all, fallback: [Node]? = nil) {
        self.kind = kind
        self.type = type
        self.properties = properties
        self.platforms = platforms
        self.fallback = fallback
    }

    /// Creates a structured value without a type name.
    public static func object(_ properties: [Property]) -> Node {
        Node(kind: .object, type: "", properties: properties)
    }

    /// The value of the first property with this name.
    public subscript(property name: String) -> Value? {
        properties.first { $0.name == name }?.value
    }
}

extension Node: Component {
    /// A node is already a component: readers and importers produce them directly.
    public var node: Node { self }
}

/// Builds a property list in declaration order, skipping absent values.
///
/// Components use it so that `nil` never reaches a renderer.
public struct PropertyList: Sendable {
    /// The properties collected so far.
    public private(set) var properties: [Node.Property] = []

    /// Creates an empty list.
    public init() {}

    /// Appends `name` when `value` is present.
    public mutating func add(_ name: String, _ value: Node.Value?) {
        if let value { append(.init(name, value)) }
    }

    /// Appends a property; the first one makes room for four, so that a typical node's
    /// list (one to four properties) is allocated once instead of growing 1, 2, 4. Room
    /// for more would be memory every render touches and frees for nothing.
    private mutating func append(_ property: Node.Property) {
        if properties.capacity == 0 { properties.reserveCapacity(4) }
        properties.append(property)
    }

    /// Appends a string property when present.
    public mutating func add(_ name: String, _ value: String?) {
        if let value { append(.init(name, .string(value))) }
    }

    /// Appends text that may bind context data when present: a plain string when it
    /// binds nothing.
    public mutating func add(_ name: String, _ value: BeagleExpression?) {
        guard let value else { return }
        append(.init(name, value.literalText.map(Node.Value.string) ?? .expression(value)))
    }

    /// Appends a Boolean property when present.
    public mutating func add(_ name: String, _ value: Bool?) {
        if let value { append(.init(name, .bool(value))) }
    }

    /// Appends an integer property when present.
    public mutating func add(_ name: String, _ value: Int?) {
        if let value { append(.init(name, .int(value))) }
    }

    /// Appends a number property when present.
    public mutating func add(_ name: String, _ value: Double?) {
        if let value { append(.init(name, .double(value))) }
    }

    /// Appends a nested node when present.
    public mutating func add(_ name: String, _ value: Node?) {
        if let value { append(.init(name, .node(value))) }
    }

    /// Appends a list of nodes when it is not empty.
    public mutating func add(_ name: String, nodes: [Node]) {
        if !nodes.isEmpty { append(.init(name, .list(nodes.map(Node.Value.node)))) }
    }

    /// Appends the nodes of `components` when there are any.
    public mutating func add(_ name: String, components: [any Component]) {
        if !components.isEmpty { append(.init(name, .list(components.map { .node($0.node) }))) }
    }

    /// Appends a list of actions when it is not empty.
    public mutating func add(_ name: String, actions: [Action]) {
        if !actions.isEmpty { append(.init(name, .list(actions.map { .node($0.node) }))) }
    }

    /// Appends a string-to-string map as an object with keys in sorted order.
    public mutating func add(_ name: String, map: [String: String]?) {
        guard let map else { return }
        let sorted = map.sorted { $0.key < $1.key }.map { Node.Property($0.key, .string($0.value)) }
        add(name, Node.object(sorted))
    }
}
