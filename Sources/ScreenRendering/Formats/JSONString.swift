/// JSON string literals written as the renderers write them, for documents that are not
/// screens (the service's and the command line's route listing).
public enum JSONString {
    /// `text` in quotes, with `"`, `\`, control characters, U+2028, U+2029 and U+FEFF
    /// escaped: valid JSON, and valid JavaScript, for any string.
    public static func literal(_ text: String) -> String {
        var writer = JSONWriter(pretty: false)
        writer.string(text)
        return String(decoding: writer.output.bytes, as: UTF8.self)
    }
}
