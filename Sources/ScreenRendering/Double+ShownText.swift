extension Double {
    /// The number as a person reads it in text and on a page: `80` for 80.0, `0.5`, `inf`.
    var shownText: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
