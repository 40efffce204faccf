/// The result builder behind `Screen { … }` and `Container { … }`.
///
/// Supports plain statements, `if`, `if`/`else`, `for` loops and optionals.
///
/// A block is collected into one array, statement by statement
/// (`buildPartialBlock`): a plain statement is appended as it is, not first wrapped in
/// an array of its own. The array is held by a ``Block``, not passed from one statement to
/// the next as a value: the code the compiler writes for a block keeps each statement's
/// partial result alive to the block's end, so an array passed on was never unique, and
/// every statement after the second copied the whole array before appending to it.
@resultBuilder
public enum ComponentBuilder {
    /// The components of a block as they are collected: appended to in place, one array
    /// however many statements the block has.
    public final class Block {
        fileprivate var components: [any Component]

        fileprivate init(_ components: [any Component]) {
            self.components = components
        }
    }

    public static func buildExpression(_ component: any Component) -> any Component {
        component
    }

    public static func buildExpression(_ component: (any Component)?) -> [any Component] {
        component.map { [$0] } ?? []
    }

    public static func buildExpression(_ components: [any Component]) -> [any Component] {
        components
    }

    public static func buildPartialBlock(first component: any Component) -> Block {
        var components: [any Component] = []
        // Room for a typical block, so that appending its next statements does not regrow it.
        components.reserveCapacity(8)
        components.append(component)
        return Block(components)
    }

    public static func buildPartialBlock(first components: [any Component]) -> Block {
        Block(components)
    }

    public static func buildPartialBlock(first block: Block) -> Block {
        block
    }

    public static func buildPartialBlock(accumulated: Block, next component: any Component) -> Block {
        accumulated.components.append(component)
        return accumulated
    }

    public static func buildPartialBlock(accumulated: Block, next components: [any Component]) -> Block {
        accumulated.components.append(contentsOf: components)
        return accumulated
    }

    public static func buildPartialBlock(accumulated: Block, next block: Block) -> Block {
        accumulated.components.append(contentsOf: block.components)
        return accumulated
    }

    /// An empty block: `.fallback {}`.
    public static func buildBlock() -> Block {
        Block([])
    }

    public static func buildOptional(_ block: Block?) -> Block {
        block ?? Block([])
    }

    public static func buildEither(first block: Block) -> Block {
        block
    }

    public static func buildEither(second block: Block) -> Block {
        block
    }

    public static func buildArray(_ blocks: [Block]) -> Block {
        Block(blocks.flatMap(\.components))
    }

    public static func buildLimitedAvailability(_ block: Block) -> Block {
        block
    }

    /// The block's components, handed over (the block is not used again), so that the
    /// array is the caller's alone.
    public static func buildFinalResult(_ block: Block) -> [any Component] {
        let components = block.components
        block.components = []
        return components
    }
}
