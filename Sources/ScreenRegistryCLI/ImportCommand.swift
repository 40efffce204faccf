import ArgumentParser
import Foundation
import ScreenRegistry
import ScreenRendering

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Read a Beagle JSON screen and render it in any format.",
        discussion: """
            Brings existing Beagle screens (from Beagle's Kotlin backend, say) into \
            ScreenRegistry. Type names are read as Beagle's clients read them: Beagle's \
            own and the beagle: and custom: namespaces in any case, a name without a \
            namespace as custom: (badge is custom:badge); unknown types are kept as \
            the app's own components.

            Examples:
              screen-registry import screen.json --format text
              screen-registry import screen.json --format xml
              cat screen.json | screen-registry import - --format json --pretty

            Exit codes: 0 success, 65 malformed JSON (with line and column, such as an \
            object that names a member twice) or over 16 MiB, 66 unreadable file.
            """
    )

    @Argument(help: "A Beagle JSON file, or - for standard input.")
    var file: String

    @OptionGroup var formatting: FormatOptions

    /// The largest document read, as for XML (`XMLReader.maxBytes`).
    static let maxBytes = 16 * 1024 * 1024

    func run() throws {
        let bytes = Array(try InputFile.readForCommand(file, limit: Self.maxBytes))
        let node: Node
        do {
            node = try BeagleJSONReader().read(bytes)
        } catch {
            Output.error("\(file):\(error)")
            throw ExitCode(Output.dataError)
        }
        do {
            Output.write(try formatting.format.render(node, options: formatting.options))
        } catch {
            Output.error("cannot render '\(file)' as \(formatting.format.rawValue): \(error)")
            throw ExitCode(Output.softwareError)
        }
    }
}
