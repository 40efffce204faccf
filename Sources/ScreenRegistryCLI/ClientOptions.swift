import ArgumentParser
import ScreenRegistry
import ScreenRendering

/// `--client NAME[@VERSION]` and `--app-version V`: the client a screen is rendered or
/// checked for. With either, screens are fitted to it (fallbacks stand in for what it
/// cannot render); with neither, they are written as they are.
struct ClientOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The client: beagle, divkit or hyperview (or a format's name), with its library's version: divkit@30.4.",
        valueName: "name[@version]"))
    var client: String?

    @Option(name: .customLong("app-version"), help: ArgumentHelp(
        "The app's version, for the custom components each version ships: 2.0.", valueName: "version"))
    var appVersion: String?

    func validate() throws {
        if let client, client != "all", Self.parse(client) == nil {
            throw ValidationError("--client must be beagle, divkit, hyperview or a format's name, with an optional @VERSION, not '\(client)'")
        }
        if let appVersion, Version(appVersion) == nil {
            throw ValidationError("--app-version must be a version such as 2.0, not '\(appVersion)'")
        }
    }

    /// The format and the library version a `--client` names.
    static func parse(_ text: String) -> (format: ScreenFormat, version: Version?)? {
        let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        let name = parts[0].lowercased()
        guard let format = ScreenFormat.allCases.first(where: { $0.rawValue == name || ClientCapabilities.of($0).client == name })
        else { return nil }
        guard parts.count == 2 else { return (format, nil) }
        guard let version = Version(String(parts[1])) else { return nil }
        return (format, version)
    }

    /// The client's format, when `--client` names one.
    var format: ScreenFormat? {
        client.flatMap(Self.parse)?.format
    }

    /// The profile to fit screens to, in `format` for `platform`; `nil` without `--client` or `--app-version`.
    func profile(format: ScreenFormat, platform: Platforms?) -> ClientProfile? {
        guard client != nil || appVersion != nil else { return nil }
        return ClientProfile(
            format: format, platform: platform, clientVersion: client.flatMap(Self.parse)?.version,
            appVersion: appVersion.flatMap(Version.init))
    }
}
