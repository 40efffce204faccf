extension String {
    /// How many hex digits follow the `#` of a colour such as `#1A2B3C`, or `nil` when
    /// the string is not `#` and hex digits: each format then takes the counts its client
    /// accepts.
    var hexColorDigitCount: Int? {
        let digits = utf8.dropFirst()
        guard utf8.first == UInt8(ascii: "#"),
              digits.allSatisfy({ (48...57).contains($0) || (97...102).contains($0 | 0x20) })
        else { return nil }
        return digits.count
    }
}
