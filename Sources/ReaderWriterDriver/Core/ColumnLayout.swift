/// The column names of a result and their lookup table, shared by every row copied from the same statement.
final class ColumnLayout {
    let names: [String]
    /// Exact spellings and lower-cased names, each mapped to the first column with that name case-insensitively.
    private let indexes: [String: Int]

    init(names: [String]) {
        self.names = names
        var indexes: [String: Int] = [:]
        for (index, name) in names.enumerated().reversed() { indexes[name.lowercased()] = index }
        for name in names { indexes[name] = indexes[name.lowercased()] }
        self.indexes = indexes
    }

    /// The index of the first column with this name, compared case-insensitively as SQLite does.
    func index(of name: String) -> Int? { indexes[name] ?? indexes[name.lowercased()] }
}
