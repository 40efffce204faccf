import ArgumentParser
import ScreenRegistry
import ScreenRendering

struct FormatsCommand: RegistryCommand {
    static let configuration = CommandConfiguration(
        commandName: "formats",
        abstract: "List every format: its name, media type, client, and what that client renders since which version.",
        discussion: """
            A type without a version is rendered by every version of its client. A type not \
            listed under a client (a custom component, say) is rendered only by the app \
            versions that ship a view for it: the registry's appComponents, listed last. So \
            is a form of a type that the format writes as the app's own view (a local image \
            in DivKit and Hyperview: beagle:image(local); a Hyperview web view of no web \
            address: beagle:webView; an imported touchable without the components its \
            format puts the press on: beagle:touchable). An action Hyperview has no behavior for (a request, a \
            context, a custom action), or a navigation whose route has no path, runs on no \
            Hyperview client, declared or not. A binding can need a later version too, or \
            reach no version: DivKit reads a path into context data (user.name) through \
            typed getters, and has no equivalent for some of Beagle's operations (isNull).

            Examples:
              screen-registry formats
            """
    )

    func run(registry: ScreenRegistry) async throws {
        var output = ""
        for format in ScreenFormat.allCases {
            let capabilities = ClientCapabilities.of(format)
            output += "\(format.rawValue)  \(format.contentType)  client: \(capabilities.client)\n"
            for (type, since) in capabilities.types {
                output += "  \(type)" + (since.map { "  since \(capabilities.client) \($0)" } ?? "") + "\n"
            }
            for requirement in capabilities.properties {
                let since = requirement.isRenderedByNoVersion ? "in no version up to" : "since"
                output += "  \(requirement)  \(since) \(capabilities.client) \(requirement.since)\n"
            }
            for requirement in capabilities.paths {
                output += "  \(requirement)  since \(capabilities.client) \(requirement.since)\n"
            }
            if let operations = capabilities.bindingOperations {
                output += "  operations in bindings: " + operations.sorted().joined(separator: ", ") + "; no other, in any version\n"
            }
            for form in capabilities.appViewForms {
                if form.kind == .action && !capabilities.handsOtherActionsToTheApp {
                    output += "  \(form.type) \(form.condition): written in a comment only, run by no app\n"
                } else {
                    output += "  \(form)  where the app declares it\n"
                }
            }
            if !capabilities.handsOtherActionsToTheApp {
                output += "  other actions: written in a comment only, run by no app\n"
            }
            output += "  sources: " + capabilities.sources.joined(separator: "; ") + "\n"
        }
        let declared = registry.appComponents.declarations
        output += "app components: " + (declared.isEmpty ? "none declared\n" : "\n")
        for entry in declared {
            output += "  \(entry.type)  " + (entry.since.map { "since app \($0)" } ?? "every app version") + " on \(entry.platforms)\n"
        }
        Output.write(output)
    }
}
