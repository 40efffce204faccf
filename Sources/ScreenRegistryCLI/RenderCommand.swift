import ArgumentParser
import Foundation
import ScreenRegistry
import ScreenRendering
import ScreenService

extension ScreenFormat: ExpressibleByArgument {}

/// The formatting flags shared by `render` and `import`.
struct FormatOptions: ParsableArguments {
    @Option(name: .customLong("format"), help: "The output format: text, xml, json (Beagle), divkit, hxml (Hyperview) or html. Default: text; for render, the format of --client when one is given.")
    var formatGiven: ScreenFormat?

    /// The format to write: the one given, else text.
    var format: ScreenFormat { formatGiven ?? .text }

    @Flag(name: .long, help: "XML and HXML without indentation.")
    var compact = false

    @Flag(name: .long, help: "JSON indented, one member per line.")
    var pretty = false

    @Option(name: .long, help: ArgumentHelp(
        "One client platform (IOS, ANDROID, WEB, MOBILE): in every format, components marked for others are left out.",
        valueName: "platform"
    ))
    var platform: String?

    func validate() throws {
        if let platform, Platforms(name: platform) == nil {
            throw ValidationError("--platform must be IOS, ANDROID, WEB or MOBILE, not '\(platform)'")
        }
    }

    var options: RenderOptions {
        RenderOptions(compact: compact, pretty: pretty, platform: platform.flatMap(Platforms.init(name:)))
    }
}

struct RenderCommand: RegistryCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render the screen for a path or URL.",
        discussion: """
            The path may be bare (profile/42, /profile/42) or a URL \
            (myapp://profile/42, https://example.com/profile/42). Query items become \
            data; --data adds more and wins over the query; path parameters win over both.

            Guards read only trusted values. --data is yours, the operator's, so it is \
            trusted too: `--data session=s1` opens /payment, `/payment?session=s1` does not.

            Without --client or --app-version the screen is written whole, as its type \
            builds it. With either, it is fitted to that client as the server fits every \
            request: what the client cannot render gets its fallback. Over HTTP an app \
            that names no version gets the fallbacks of views shipped from a version on.

            Examples:
              screen-registry render /profile/42
              screen-registry render 'myapp://profile/42?tab=posts'
              screen-registry render /payment --data product=p1 --data session=s1
              screen-registry render /profile/42 --format xml
              screen-registry render /profile/42 --format json --platform IOS --pretty
              screen-registry render /profile/42 --format divkit --pretty
              screen-registry render /profile/42 --format hxml
              screen-registry render /profile/42 --format html > profile.html
              screen-registry render /home --format hxml --fragment tabs
              screen-registry render /cards/7/detail --stack
              screen-registry render /profile/42 --app-version 1.0
              screen-registry render /profile/42 --client divkit@30.4 \\
                --app-version 2.0 --platform ANDROID
              screen-registry render /nowhere --fallback
            """
    )

    @Argument(help: "The deep link: a path such as /profile/42, or a URL.")
    var path: String

    @Option(name: .long, help: ArgumentHelp("Data for the screen, as key=value (repeatable).", valueName: "key=value"))
    var data: [String] = []

    @OptionGroup var formatting: FormatOptions

    @OptionGroup var clientOptions: ClientOptions

    @Flag(name: .long, help: "Print the back stack, from the root to the screen, instead of the screen alone.")
    var stack = false

    @Flag(name: .long, help: "For an unknown path, print the fallback screen (the exit code stays 2).")
    var fallback = false

    @Option(name: .long, help: ArgumentHelp(
        "With --format hxml: print only the element of the component with this id, as a Hyperview fragment.",
        valueName: "id"
    ))
    var fragment: String?

    /// The format: `--format`, else the one `--client` reads.
    var format: ScreenFormat {
        formatting.formatGiven ?? clientOptions.format ?? .text
    }

    func validate() throws {
        if let given = formatting.formatGiven, let client = clientOptions.format, given != client {
            throw ValidationError("--format \(given.rawValue) and --client \(clientOptions.client ?? "") name different formats")
        }
        if fragment != nil, format != .hxml {
            throw ValidationError("--fragment needs --format hxml: fragments are Hyperview's")
        }
        if fragment != nil, stack {
            throw ValidationError("--fragment and --stack do not go together: a fragment is part of one screen")
        }
    }

    func run(registry: ScreenRegistry) async throws {
        let screenData: [String: String]
        do {
            screenData = try Self.parseData(data)
        } catch {
            Output.error(error.message)
            throw ExitCode(Output.dataError)
        }
        let answer: ScreenAnswer
        do {
            // `--data` is the operator's: it is data for the screen and, trusted, the request
            // context that guards read. A `?session=` inside the path is the client's and is not.
            let match = try registry.resolve(path, data: screenData, context: TrustedContext(values: screenData))
            answer = ScreenAnswer(match, fragment: fragment, stack: stack)
        } catch {
            Output.error(error.description)
            throw ExitCode(Output.exitCode(for: error))
        }
        if case .fallback(let match) = answer {
            Output.error(ScreenRegistryError.unknownPath(path: path, suggestion: match.data["suggestion"]).description)
            if fallback { Output.write(try await render(answer, in: registry, data: screenData)) }
            throw ExitCode(Output.unknownPath)
        }
        Output.write(try await render(answer, in: registry, data: screenData))
    }

    private func render(_ answer: ScreenAnswer, in registry: ScreenRegistry, data: [String: String]) async throws -> String {
        let format = self.format
        let client = clientOptions.profile(format: format, platform: formatting.options.platform)
        do {
            let (body, _) = try await answer.render(in: registry, as: format, options: formatting.options, data: data, client: client)
            return String(decoding: body, as: UTF8.self)
        } catch {
            switch error {
            case .unsupported(let component):
                Output.error(component.description)
                throw ExitCode(Output.softwareError)
            case .building(let error):
                Output.error(error.description)
                throw ExitCode(Output.exitCode(for: error))
            case .fragmentNotFound(let id):
                Output.error("'\(path)' has no component with id '\(id)'")
                throw ExitCode(Output.dataError)
            case .fragmentNeedsHXML:
                Output.error("--fragment needs --format hxml: fragments are Hyperview's")
                throw ExitCode(Output.dataError)
            case .rendering(let error):
                Output.error("cannot render '\(path)' as \(format.rawValue): \(error)")
                throw ExitCode(Output.softwareError)
            }
        }
    }

    struct InvalidData: Error {
        var message: String
    }

    /// `key=value` items; the first `=` separates, a repeated key keeps the last value.
    static func parseData(_ items: [String]) throws(InvalidData) -> [String: String] {
        var result: [String: String] = [:]
        for item in items {
            guard let equals = item.firstIndex(of: "="), equals != item.startIndex else {
                throw InvalidData(message: "invalid --data '\(item)': expected key=value")
            }
            result[String(item[..<equals])] = String(item[item.index(after: equals)...])
        }
        return result
    }
}

/// Writing results and mapping errors to sysexits codes.
enum Output {
    static let unknownPath: Int32 = 2
    static let dataError: Int32 = 65
    static let noInput: Int32 = 66
    static let softwareError: Int32 = 70

    static func exitCode(for error: ScreenRegistryError) -> Int32 {
        switch error {
        case .unknownPath: unknownPath
        case .invalidPath, .missingParameter, .invalidParameter: dataError
        case .screenFailed, .invalidPattern, .duplicateRoute: softwareError
        }
    }

    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func error(_ message: String) {
        FileHandle.standardError.write(Data("screen-registry: \(message)\n".utf8))
    }
}
