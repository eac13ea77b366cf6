import Differential

/// Values that sit on the corners a port gets wrong, shared by the slices' generators: names whose order depends on
/// NOCASE, names that differ only in case (ASCII, where NOCASE folds, and Cyrillic, where it does not), combining
/// marks next to their precomposed forms, and the case of a name argument varied from the stored one.
enum CornerValues {
    /// Names that sort one way with `COLLATE NOCASE` and another without (`B` < `a` in BINARY, `a` < `B` in NOCASE),
    /// Cyrillic in both cases (as in the Android sample file), and `é` precomposed and as `e` + U+0301.
    static let names: [String] = [
        "apple", "Banana", "cherry", "Date", "Кошелёк", "кошелёк", "Ёлка", "Café", "Cafe\u{301}", "_under", "Zulu",
    ]

    /// `name` as given, all upper case, all lower case, or with its first letter's case flipped: a lookup must find
    /// the stored name whatever the case of the argument (NOCASE folds ASCII only).
    static func caseVariant(of name: String, _ random: inout SplitMix64) -> String {
        switch random.below(4) {
        case 0: return name.uppercased()
        case 1: return name.lowercased()
        case 2:
            guard let first = name.first else { return name }
            let flipped = first.isUppercase ? first.lowercased() : first.uppercased()
            return flipped + name.dropFirst()
        default: return name
        }
    }
}
