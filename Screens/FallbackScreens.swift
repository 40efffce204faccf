import ScreenRegistry

/// The fallback: what a path nobody handles shows.
struct NotFoundScreen: DeeplinkScreen {
    let path: String
    let suggestion: String?

    init(path: String, data: [String: String]) {
        self.path = data["path"] ?? path
        suggestion = data["suggestion"]
    }

    func screen() async throws -> Screen {
        Screen(title: "Not found") {
            Text("Nothing lives at \(path).")
            if let suggestion {
                Text("The closest screen is \(suggestion).")
            }
            Button("Home", action: .navigate(to: link("home")))
        }
    }
}
