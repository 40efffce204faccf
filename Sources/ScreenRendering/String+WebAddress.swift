extension String {
    /// Whether this is an address a client may open as a web page: `http` or `https` (in
    /// any case), with no space or control character. Never `javascript:`, `data:`,
    /// `file:` or an app's intent: a URL from data that is anything else is not opened,
    /// in any format.
    var isWebAddress: Bool {
        withUTF8Bytes { bytes in
            guard Self.starts(bytes, with: "https://") || Self.starts(bytes, with: "http://") else { return false }
            return !bytes.contains { $0 <= 0x20 || $0 == 0x7F }
        }
    }

    /// Whether `bytes` start with `scheme` (lowercase ASCII), letters in any case.
    private static func starts(_ bytes: UnsafeBufferPointer<UInt8>, with scheme: StaticString) -> Bool {
        guard bytes.count >= scheme.utf8CodeUnitCount else { return false }
        return scheme.withUTF8Buffer { scheme in
            scheme.indices.allSatisfy { index in
                let byte = bytes[index]
                return (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) == scheme[index]
            }
        }
    }
}
