import ScreenRegistry

/// What one client library renders of the model: each component and action type, from
/// which of its versions. Data, read by one code path (``ClientFit``); each format's
/// renderer names its client's (``ScreenRenderer/capabilities``), with the sources beside
/// the facts.
public struct ClientCapabilities: Sendable {
    /// The client library's name, as `--client` takes it: `beagle`, `divkit`, `hyperview`;
    /// for our own formats, the format's name.
    public let client: String
    /// The format the client reads.
    public let format: ScreenFormat
    /// The model types it renders itself, each with the first client version that renders
    /// it on every platform (`nil`: every version).
    public let types: [(type: String, since: Version?)]
    /// Property values the client renders only from a later version than their type.
    public let properties: [PropertyRequirement]
    /// Paths into context data that the client's bindings read only from a later version
    /// (DivKit's typed getters), the furthest reaching first.
    public let paths: [PathRequirement]
    /// The operations of Beagle's expressions (`sum`, `isNull`) that the format writes in a
    /// binding as the client's own, by name; `nil` for all of them. A node the client
    /// renders with a binding that holds any other operation, or whose body Beagle's
    /// grammar does not read, is one no version of the client renders: it would fail on
    /// the expression. So is one whose operands the client's form of an operation does
    /// not take, as the format's mapping tells (their number, a literal's type).
    public let bindingOperations: Set<String>?
    /// Forms of the types it renders that its format writes as a view of the app's own
    /// (a local image in DivKit): rendered only where the app declares the view. A form
    /// of an action (an HXML navigation of no path) runs only where the format hands
    /// actions to the app (``handsOtherActionsToTheApp``).
    public let appViewForms: [AppViewForm]
    /// Whether the format hands an action the client has no equivalent for to the app's
    /// own code (DivKit's action payload, Beagle's custom actions), so that an app that
    /// declares a handler runs it. When not (HXML writes such an action only in a
    /// comment), no declaration makes it run.
    public let handsOtherActionsToTheApp: Bool
    /// Where the facts come from.
    public let sources: [String]
    /// ``types`` by type: every rendered node is looked up, once.
    private let entries: TypeTable<Entry>
    /// ``appViewForms`` grouped by type, in their order within a type.
    private let formsByType: [AppViewForm]
    /// The ``properties`` that no version renders: checked whatever the client's version,
    /// the others only for a client that names an older one.
    let propertiesRenderedByNoVersion: [PropertyRequirement]
    /// Whether the format writes a binding whose operations are all in
    /// ``bindingOperations`` as the client's own: the number and literal types of their
    /// operands, which the format's mapping knows (DivKit's: ``DivKitExpression/writes(_:)``).
    /// Any, unless the data names a check.
    var writesBinding: @Sendable (BindingTerm) -> Bool = { _ in true }

    private struct Entry: Sendable {
        var since: Version?
        /// Where the type's forms are in `formsByType`, so that a node is matched against
        /// its own type's forms only (a range: an entry read holds nothing to retain).
        var forms: Range<Int32>
        /// Whether some of ``propertiesRenderedByNoVersion`` are of the type: read from the
        /// entry, so that nodes of other types (nearly all) are not matched against them.
        var hasValuesRenderedByNoVersion: Bool
    }

    /// Capabilities from their data.
    public init(
        client: String, format: ScreenFormat, types: [(type: String, since: Version?)],
        properties: [PropertyRequirement] = [], paths: [PathRequirement] = [], bindingOperations: Set<String>? = nil,
        appViewForms: [AppViewForm] = [], handsOtherActionsToTheApp: Bool = true, sources: [String]
    ) {
        self.client = client
        self.format = format
        self.types = types
        self.properties = properties
        self.paths = paths.sorted { $0.reach > $1.reach }
        self.bindingOperations = bindingOperations
        propertiesRenderedByNoVersion = properties.filter(\.isRenderedByNoVersion)
        self.appViewForms = appViewForms
        self.handsOtherActionsToTheApp = handsOtherActionsToTheApp
        self.sources = sources
        var formsByType: [AppViewForm] = []
        var entries: [(name: String, value: Entry)] = []
        var listed: Set<String> = []
        for (type, since) in types where listed.insert(type).inserted {
            let start = formsByType.count
            formsByType += appViewForms.filter { $0.type == type }
            let valuesInNoVersion = propertiesRenderedByNoVersion.contains { $0.type == type || $0.type == "*" }
            entries.append((type, Entry(since: since, forms: Int32(start)..<Int32(formsByType.count), hasValuesRenderedByNoVersion: valuesInNoVersion)))
        }
        self.formsByType = formsByType
        self.entries = TypeTable(entries)
    }

    /// A property value a client renders only from `since`: a property of nodes of `type`
    /// (`*`: every component), reached by `path` through objects (`style`, `flex`,
    /// `justifyContent`), with a value that `match` selects, on a node that also has every
    /// property in `alongside`.
    public struct PropertyRequirement: Sendable, CustomStringConvertible {
        /// Which values of the property an older client cannot render.
        public enum Match: Sendable, Hashable {
            /// One of these strings, such as `PASSWORD`.
            case oneOf([String])
            /// This Boolean, such as `false` for a disabled button.
            case flag(Bool)
            /// Any value: the property itself, such as a focus trigger's actions.
            case present
        }

        /// The node type, such as `beagle:textInput`; `*` for every component.
        public var type: String
        /// The property's names from the node down, such as `style`, `flex`, `justifyContent`.
        public var path: [String]
        /// The values that need ``since``.
        public var match: Match
        /// Other properties the node must have for the requirement to apply: a disabled
        /// button's `enabled` matters only with `onPress` actions to disable.
        public var alongside: [String]
        /// The first client version that renders the selected values; for values that no
        /// version renders (``isRenderedByNoVersion``), the newest version whose sources
        /// were read.
        public var since: Version
        /// Whether no version of the client renders the selected values, as far as its
        /// sources go (to ``since``): an event it has no trigger for. The fit refuses them
        /// from every version, and for a client that names none.
        public var isRenderedByNoVersion = false

        /// The strings that ``match`` selects; empty when it selects a Boolean or any value.
        public var values: [String] {
            get { if case .oneOf(let values) = match { values } else { [] } }
            set { match = .oneOf(newValue) }
        }

        /// A requirement on string values.
        public init(_ type: String, _ path: [String], _ values: [String], since: Version) {
            self.init(type, path, matching: .oneOf(values), since: since)
        }

        /// A requirement on the values `match` selects, on nodes that also have `alongside`.
        public init(_ type: String, _ path: [String], matching match: Match, alongside: [String] = [], since: Version) {
            self.type = type
            self.path = path
            self.match = match
            self.alongside = alongside
            self.since = since
        }

        /// Values that no version of the client renders, up to `checked`, the newest version
        /// whose sources were read: a later one may add them, and the data then says since when.
        public static func renderedByNoVersion(_ type: String, _ path: [String], matching match: Match, checkedTo checked: Version) -> PropertyRequirement {
            var requirement = PropertyRequirement(type, path, matching: match, since: checked)
            requirement.isRenderedByNoVersion = true
            return requirement
        }

        /// `beagle:textInput type=PASSWORD`, `beagle:button enabled=false (with onPress)`,
        /// `beagle:textInput onFocus`.
        public var description: String {
            let name = path.joined(separator: ".")
            let selected: String = switch match {
            case .oneOf(let values): "\(name)=\(values.joined(separator: "|"))"
            case .flag(let flag): "\(name)=\(flag)"
            case .present: name
            }
            return alongside.isEmpty ? "\(type) \(selected)" : "\(type) \(selected) (with \(alongside.joined(separator: ", ")))"
        }

        /// The value of `node` this requirement concerns, as its reason names it (`PASSWORD`,
        /// `false`, or empty for a property that needs a version whatever its value), when
        /// the node has one.
        func value(in node: Node) -> String? {
            guard type == "*" ? node.kind == .component : node.type == type else { return nil }
            for name in alongside where node[property: name] == nil { return nil }
            var current = node
            for (index, name) in path.enumerated() {
                guard let value = current[property: name] else { return nil }
                guard index == path.count - 1 else {
                    guard case .node(let object) = value else { return nil }
                    current = object
                    continue
                }
                switch (match, value) {
                case (.oneOf(let values), .string(let text)): return values.contains(text) ? text : nil
                case (.flag(let wanted), .bool(let flag)): return flag == wanted ? String(flag) : nil
                case (.present, .list(let items)) where items.isEmpty: return nil  // nothing is written
                case (.present, _): return ""
                default: return nil
                }
            }
            return nil
        }
    }

    /// Whether the client renders `type` at `version` (`nil`: a client that does not say,
    /// which gets what the newest renders); `nil` when it has nothing of its own for it: a
    /// custom component, which only an app that declares its view renders (`AppComponents`),
    /// or an action that only the app's own handler could run (``handsOtherActionsToTheApp``).
    /// A node of a listed type can still be in a form the format writes as the app's view
    /// (``appViewForms``).
    public func renders(_ type: String, at version: Version?) -> Bool? {
        guard let entry = entries[type] else { return nil }
        guard let since = entry.since, let version else { return true }
        return version >= since
    }

    /// The first version that renders `type`, when the client renders it only from one.
    public func since(_ type: String) -> Version? {
        entries[type]?.since
    }

    /// Whether some ``appViewForms`` are of `type`.
    func hasAppViewForms(of type: String) -> Bool {
        // Most formats have none: no lookup then.
        guard !formsByType.isEmpty, let entry = entries[type] else { return false }
        return !entry.forms.isEmpty
    }

    /// What the client makes of a node, with one lookup of its type.
    enum Rendering {
        /// The type is not listed: only a view or handler of the app's own renders it.
        case byTheAppOnly
        /// The node is in a form that the format writes as the app's own view, whatever
        /// the client's version.
        case asAppView(AppViewForm)
        /// The client renders the type from `since`, later than the client's version.
        case fromLaterVersion(since: Version)
        /// The client renders it (its property values permitting).
        case rendered
        /// The client renders it, unless the node has a value that no version renders
        /// (``propertiesRenderedByNoVersion``), and its other property values permitting.
        case renderedUnlessValuesInNoVersion
    }

    /// Whether the client evaluates `node`'s bindings itself: a node of a type it renders,
    /// not one that the app's own code renders or runs (a custom component, a form written
    /// as the app's view, an action handed to the app), which gets its bindings as text.
    func evaluatesBindings(of node: Node) -> Bool {
        switch rendering(of: node, at: nil) {
        case .rendered, .renderedUnlessValuesInNoVersion: true
        case .byTheAppOnly, .asAppView, .fromLaterVersion: false
        }
    }

    @inline(__always)  // into the fit's walk, where the enum it returns costs nothing
    func rendering(of node: Node, at version: Version?) -> Rendering {
        guard let entry = entries[node.type] else { return .byTheAppOnly }
        for index in entry.forms where formsByType[Int(index)].matches(node) { return .asAppView(formsByType[Int(index)]) }
        if let since = entry.since, let version, version < since { return .fromLaterVersion(since: since) }
        return entry.hasValuesRenderedByNoVersion ? .renderedUnlessValuesInNoVersion : .rendered
    }
}

extension ClientCapabilities {
    /// The capabilities of the client that reads `format`.
    public static func of(_ format: ScreenFormat) -> ClientCapabilities {
        format.rendererType.capabilities
    }

    /// A format of ours that no client library reads (text, our XML): every type of the
    /// model, in every version; a custom component, as everywhere, only where the app
    /// declares it, so that these formats show what an app gets.
    static func ownFormat(_ format: ScreenFormat) -> ClientCapabilities {
        ownFormats[format] ?? makeOwnFormat(format)
    }

    /// Built once, not for every request that a fit reads them in.
    private static let ownFormats = Dictionary(uniqueKeysWithValues: ScreenFormat.allCases.map { ($0, makeOwnFormat($0)) })

    private static func makeOwnFormat(_ format: ScreenFormat) -> ClientCapabilities {
        ClientCapabilities(client: format.rawValue, format: format, types: beagle.types, sources: ["ARCHITECTURE.md, Formats"])
    }
}

extension ClientCapabilities {
    /// A version written in the data as a literal: one that does not read is a
    /// programmer's error, caught by the capability tests, never by outside input.
    static func version(_ text: String) -> Version {
        guard let version = Version(text) else { preconditionFailure("ClientCapabilities: '\(text)' is not a version") }
        return version
    }
}
