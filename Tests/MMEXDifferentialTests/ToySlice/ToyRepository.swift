import MMEXModel

// Step 1 of MIGRATION.md's "How to add a slice", for the toy slice the tests add: the model file. The repository's
// protocols, its key, and the accessors the contexts gain from the key (`context.toys`).

/// A note of the toy slice: a row of `DP_TOY_NOTE`.
struct ToyNote: Sendable, Hashable, Codable {
    var id: Int64
    var text: String

    /// The table's schema, the same text on both drivers (the file format is shared, as MMEX's `tables.sql` is).
    static let schema = "CREATE TABLE IF NOT EXISTS DP_TOY_NOTE (ID INTEGER PRIMARY KEY, NOTE TEXT NOT NULL)"
}

/// Reads the toy notes.
protocol ToyReading {
    /// Every note, by id; none while the table does not exist.
    func notes() throws -> [ToyNote]
}

/// Writes toy notes.
protocol ToyRepository: ToyReading {
    /// Appends a note with the next id (one above the highest), making the table on first use.
    @discardableResult func add(_ text: String) throws -> ToyNote
    /// Removes every note; returns how many there were.
    @discardableResult func removeAll() throws -> Int
}

/// Names the toy notes in the MMEX contexts.
enum ToyRepositoryKey: ReadableRepositoryKey {
    typealias Reading = any ToyReading
    typealias Writing = any ToyRepository
}

extension ReadRepositories {
    /// The toy notes, read.
    var toys: any ToyReading { repository(ToyRepositoryKey.self) }
}

extension WriteRepositories {
    /// The toy notes, read and written.
    var toys: any ToyRepository { repository(ToyRepositoryKey.self) }
}
