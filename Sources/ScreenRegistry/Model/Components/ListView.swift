/// A list the client builds from data: one template view per item of `dataSource`.
///
/// ```swift
/// ListView(dataSource: .bind("products"), iteratorName: "item") {
///     Text(.bind("item.name"))
/// }
/// ```
public struct ListView: Widget {
    /// The scrolling axis.
    public enum Direction: String, Sendable, Hashable {
        case vertical = "VERTICAL", horizontal = "HORIZONTAL"
    }

    /// A view used for the items where `condition` holds (all items when `nil`).
    public struct Template: Sendable {
        public var condition: BeagleExpression?
        public var view: any Component

        /// Creates a template.
        public init(case condition: BeagleExpression? = nil, view: any Component) {
            self.condition = condition
            self.view = view
        }

        var node: Node {
            var list = PropertyList()
            list.add("case", condition)
            list.add("view", view.node)
            return .object(list.properties)
        }
    }

    public var direction: Direction?
    /// An expression naming the list, such as `.bind("products")`.
    public var dataSource: BeagleExpression
    public var templates: [Template]
    /// The name items take inside the templates (`item` by default on the client).
    public var iteratorName: String?
    /// The field of each item whose value suffixes the ids of its template's components
    /// (`title:42`), so that each row's are its own; the item's index when `nil` or
    /// missing. Beagle's `key`.
    public var key: String?
    /// Data the list's expressions read, often the list itself.
    public var context: Context?
    public var onInit: [Action]
    public var id: String?
    public var style: Style?
    public var accessibility: Accessibility?

    /// Creates a list with several templates.
    public init(
        direction: Direction? = nil, dataSource: BeagleExpression, iteratorName: String? = nil, key: String? = nil,
        templates: [Template], context: Context? = nil, onInit: [Action] = []
    ) {
        self.context = context
        self.direction = direction
        self.dataSource = dataSource
        self.templates = templates
        self.iteratorName = iteratorName
        self.key = key
        self.onInit = onInit
    }

    /// Creates a list whose items all use one template; several components are wrapped in a container.
    public init(
        direction: Direction? = nil, dataSource: BeagleExpression, iteratorName: String? = nil, key: String? = nil,
        context: Context? = nil, onInit: [Action] = [], @ComponentBuilder template: () throws -> [any Component]
    ) rethrows {
        let views = try template()
        let view: any Component = views.count == 1 ? views[0] : Container(children: views)
        self.init(
            direction: direction, dataSource: dataSource, iteratorName: iteratorName, key: key,
            templates: [Template(view: view)], context: context, onInit: onInit
        )
    }

    public var node: Node {
        widgetNode("beagle:listView") { list in
            list.add("direction", direction?.rawValue)
            list.add("dataSource", dataSource)
            list.add("templates", nodes: templates.map(\.node))
            list.add("iteratorName", iteratorName)
            list.add("key", key)
            list.add("context", context?.node)
            list.add("onInit", actions: onInit)
        }
    }
}
