extension Double {
    /// The number as a person reads it in text and on a page: `80` for 80.0, `0.5`, `inf`.
    var shownText: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }

    /// The number as an integer when it is whole and `description` writes it as that
    /// integer's digits and `.0` (under 10^15 in size, and not -0.0): most numbers of a
    /// screen (sizes, radii), whose digits are written for a fraction of what formatting
    /// a double costs.
    var wholeValue: Int? {
        self == rounded() && abs(self) < 1e15 && (self != 0 || sign == .plus) ? Int(self) : nil
    }
}
