import ScreenRegistry

extension Node {
    /// The first result of `read` for the bindings of the node's own properties and of the
    /// structured values in them, in order: not those of its child components and actions.
    /// (The fit reads them as its walk meets them; this is for one node alone.)
    func firstOfOwnExpressions<Result>(_ read: (BeagleExpression) -> Result?) -> Result? {
        for property in properties {
            if let result = Self.firstOfExpressions(in: property.value, read) { return result }
        }
        return nil
    }

    private static func firstOfExpressions<Result>(in value: Node.Value, _ read: (BeagleExpression) -> Result?) -> Result? {
        switch value {
        case .expression(let expression):
            return read(expression)
        case .node(let object) where object.kind == .object || object.kind == .imagePath:
            return object.firstOfOwnExpressions(read)
        case .list(let items):
            for item in items {
                if let result = firstOfExpressions(in: item, read) { return result }
            }
            return nil
        case .string, .int, .double, .bool, .node:
            return nil
        }
    }
}
