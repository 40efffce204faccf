import ScreenRegistry
import ScreenRendering
import ScreenService

/// `check --client`: every route rendered for a client, and what it cannot render.
extension CheckCommand {
    /// One component or action a client cannot render, where, without a fallback.
    struct ClientProblem: CustomStringConvertible {
        var route: String
        var samplePath: String
        var problem: UnsupportedComponent

        var description: String {
            "\(route) (\(samplePath)): \(problem.path): \(problem.client) cannot render \(problem.type): \(problem.reason)"
        }
    }

    /// Every route of `registry` at its sample paths, built with a session (guarded screens
    /// too) and fitted to each profile: the components and actions that have no fallback.
    static func clientProblems(
        in registry: ScreenRegistry, for profiles: [ClientProfile]
    ) async -> (screens: Int, problems: [ClientProblem]) {
        var screens = 0
        var problems: [ClientProblem] = []
        for route in registry.routes where route.redirect == nil {
            let examples = (route.screenType as? any CheckableScreen.Type)?.examples ?? []
            for (path, data) in registry.samplePaths(for: route, examples: examples) {
                var context = TrustedContext(values: data)
                context.session = context.session ?? "check"
                guard let match = try? registry.resolve(path, data: data, context: context),
                    let screen = try? await registry.screen(for: match)
                else { continue }  // the link check reports screens that fail
                screens += 1
                for profile in profiles {
                    for problem in ClientFit(profile, appComponents: registry.appComponents).problems(in: screen.node) {
                        problems.append(ClientProblem(route: route.pattern, samplePath: path, problem: problem))
                    }
                }
            }
        }
        return (screens, problems)
    }
}
