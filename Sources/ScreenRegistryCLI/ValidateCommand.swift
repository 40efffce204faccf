import ArgumentParser
import Foundation
import ScreenRendering

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Validate an XML screen against the dialect's schema (screen-1.xsd).",
        discussion: """
            Reads the file, or standard input for '-', and checks it with libxml2 \
            against the bundled XSD. DTDs and entities are refused.

            Exit codes: 0 valid; 1 invalid, one 'file:line:col: message' line per \
            error on stderr; 65 not well-formed (or refused); 66 cannot read the file; \
            70 the schema cannot be loaded.

            Examples:
              screen-registry render /profile/42 --format xml > profile.xml
              screen-registry validate profile.xml
              screen-registry render /profile/42 --format xml | screen-registry validate -
            """
    )

    @Argument(help: ArgumentHelp("The XML file, or - for standard input.", valueName: "file.xml | -"))
    var file: String

    func run() throws {
        let name = file == "-" ? "<stdin>" : file
        let validator = XMLValidator()
        let input = try InputFile.readForCommand(file, limit: validator.maxBytes)
        let issues: [XMLValidationIssue]
        do throws(XMLReadError) {
            issues = try validator.validate(data: input)
        } catch {
            switch error.reason {
            case .unavailable:
                // The input was read: what is unavailable is the schema.
                Output.error(error.message)
                throw ExitCode(Output.softwareError)
            default:
                FileHandle.standardError.write(Data("\(name):\(error.line):\(error.column): \(error.message)\n".utf8))
                throw ExitCode(Output.dataError)
            }
        }
        guard issues.isEmpty else {
            let lines = issues.map { "\(name):\($0.line):\($0.column): \($0.message)\n" }.joined()
            FileHandle.standardError.write(Data(lines.utf8))
            throw ExitCode(1)
        }
    }
}
