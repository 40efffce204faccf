extension String {
    /// Whether this is an address a client may open as a web page: `http` or `https` (in
    /// any case), with no space or control character. Never `javascript:`, `data:`,
    /// `file:` or an app's intent: a URL from data that is anything else is not opened,
    /// in any format.
    var isWebAddress: Bool {
        withUTF8Bytes { bytes in
            let lowercased = bytes.prefix(8).map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
            guard lowercased.starts(with: "http://".utf8) || lowercased.starts(with: "https://".utf8) else { return false }
            return !bytes.contains { $0 <= 0x20 || $0 == 0x7F }
        }
    }
}
