import ScreenRegistry

/// The JSON of `GET /routes`, written by hand: two string fields per route.
enum RoutesDocument {
    static func json(for routes: [Route]) -> String {
        var json = #"{"routes":["#
        for (index, route) in routes.enumerated() {
            if index > 0 { json += "," }
            json += #"{"pattern":"# + quoted(route.pattern)
            json += #","screenType":"# + quoted(String(describing: route.screenType)) + "}"
        }
        return json + "]}"
    }

    /// A JSON string literal.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar == "\u{2028}" || scalar == "\u{2029}":
                result += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
