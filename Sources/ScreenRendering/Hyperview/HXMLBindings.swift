import ScreenRegistry

/// Bindings evaluated on the server: Hyperview has no client-side expressions, so a
/// binding is replaced by the value it names in the contexts in scope (a screen's or
/// container's context, a list's current item), as the screen would first show it.
///
/// Paths (`user.name`, `item.tags[0]`), literals and Beagle's operations on them
/// (`sum(cart.count, 1)`, ``ContextScope/evaluate(_:)``) are evaluated. A binding that names
/// nothing known (a missing key, an operation not computed here) is written as empty text
/// and reported in the element's comment; no text from data is ever evaluated, since only
/// `BeagleExpression.Part.binding(_:)` parts, built by the screen's code or an imported
/// document's, are read.
struct HXMLScope {
    private var contexts = ContextScope()
    /// The list items the document may still expand (``expandItem()``).
    private var itemsLeft = Self.maximumExpandedItems

    /// The most list items one document expands. A list in a list's template multiplies:
    /// lists of two items nested 40 deep, a few kilobytes of imported JSON, would
    /// write 2^40 items.
    static let maximumExpandedItems = 10_000

    /// Takes one item of the document's allowance; `false` once it is spent.
    mutating func expandItem() -> Bool {
        guard itemsLeft > 0 else { return false }
        itemsLeft -= 1
        return true
    }

    /// Makes `value` visible under `name` until the matching ``pop()``.
    mutating func push(_ name: String, _ value: Node.Value) {
        contexts.push(name, value)
    }

    mutating func pop() {
        contexts.pop()
    }

    /// A literal as it is; a binding evaluated in scope.
    func text(of value: Node.Value, unresolved: inout [String]) -> String? {
        switch value {
        case .string(let text): text
        case .expression(let expression): text(of: expression, unresolved: &unresolved)
        case .int, .double, .bool: XMLDialect.text(of: value)
        default: nil
        }
    }

    /// The text of `expression`, bindings replaced; those that named nothing are added to
    /// `unresolved` (`unresolved @{user.missing}`), for the element's comment.
    func text(of expression: BeagleExpression, unresolved: inout [String]) -> String {
        var text = ""
        for part in expression.parts {
            switch part {
            case .text(let literal):
                text += literal
            case .binding(let body):
                if let value = contexts.evaluate(body), let scalar = Self.scalarText(value) {
                    text += scalar
                } else {
                    unresolved.append("unresolved @{" + body + "}")
                }
            }
        }
        return text
    }

    /// The value `path` names in the contexts in scope.
    func resolve(_ path: String) -> Node.Value? {
        contexts.resolve(path)
    }

    static func scalarText(_ value: Node.Value) -> String? {
        switch value {
        case .string(let text): text
        case .int, .double, .bool: XMLDialect.text(of: value)
        default: nil
        }
    }
}

extension Properties {
    /// Takes the text named `name`: a literal, or bindings evaluated in `scope`; bindings
    /// that name nothing are added to `unresolved`.
    mutating func takeText(_ name: String, in scope: HXMLScope, _ unresolved: inout [String]) -> String? {
        take(name) { scope.text(of: $0, unresolved: &unresolved) }
    }
}
