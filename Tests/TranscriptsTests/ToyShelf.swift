import Differential
import Foundation
import SQLiteEngine

/// A book as the toy shelf returns it.
struct ToyBook: Codable, Equatable {
    let id: Int64
    let title: String
    let rating: Double
}

/// A toy app's store (not MMEX): `BOOK(ID, TITLE UNIQUE, RATING)` on `EngineConnection`, with a planted bug on demand.
final class ToyShelf {
    enum Bug {
        /// `books()` returns the ratings doubled.
        case doubledRatings
        /// `add` also writes a second, hidden row.
        case extraRow
    }

    let connection: EngineConnection
    let bug: Bug?

    init(path: String, bug: Bug? = nil) throws {
        connection = try EngineConnection(path: path, options: .readWrite)
        self.bug = bug
    }

    static func makeFile(at path: String) throws {
        let connection = try EngineConnection(path: path, options: .create)
        try connection.execute("CREATE TABLE BOOK(ID INTEGER PRIMARY KEY, TITLE TEXT NOT NULL UNIQUE, RATING REAL)")
        try connection.execute("INSERT INTO BOOK(TITLE, RATING) VALUES ('Dune', 4.5), ('Emma', 3)")
        connection.close()
    }

    func add(_ title: String, rating: Double) throws -> Int64 {
        try connection.run("INSERT INTO BOOK(TITLE, RATING) VALUES (?, ?)", [.text(title), .real(rating)])
        let id = connection.lastInsertRowid
        if bug == .extraRow { try connection.run("INSERT INTO BOOK(TITLE, RATING) VALUES (?, 0)", [.text(title + "*")]) }
        return id
    }

    func books() throws -> [ToyBook] {
        try connection.rows("SELECT ID, TITLE, RATING FROM BOOK ORDER BY ID").map { row in
            guard case .integer(let id) = row[0], case .text(let title) = row[1] else { return ToyBook(id: -1, title: "", rating: 0) }
            let rating: Double = switch row[2] {
            case .real(let value): value
            case .integer(let value): Double(value)
            default: .nan
            }
            return ToyBook(id: id, title: title, rating: bug == .doubledRatings ? rating * 2 : rating)
        }
    }

    func close() { connection.close() }

    static func side(_ name: String, bug: Bug? = nil) -> DifferentialSide<ToyShelf> {
        DifferentialSide(name: name, open: { try ToyShelf(path: $0, bug: bug) }, close: { $0.close() })
    }

    typealias Op = DifferentialOperation<ToyShelf>

    /// Two hand-written scenarios (one with an operation that throws), then seeded random ones.
    static func scenarios(seed: UInt64 = 7, random: Int = 2) -> [Scenario<ToyShelf>] {
        let handWritten = [
            Scenario(name: "add and list", operations: [
                Op("add(Ulysses)") { try $0.add("Ulysses", rating: 4) },
                Op("books") { try $0.books() },
            ]),
            Scenario(name: "duplicate title", operations: [
                Op("add(Dune)") { try $0.add("Dune", rating: 1) },
                Op("books") { try $0.books() },
            ]),
        ]
        let titles = ["Dune", "Emma", "Kim", "Momo", "Café ✓", "a \"quoted\"\nline"]
        let generator = OperationGenerator<ToyShelf> { random in
            if random.below(3) == 0 { return Op("books") { try $0.books() } }
            let title = titles[random.below(titles.count)]
            let rating = Double(random.below(11)) / 2
            return Op("add(\(title.debugDescription), \(rating))") { try $0.add(title, rating: rating) }
        }
        return handWritten + (0..<UInt64(random)).map { generator.scenario(named: "random-\(seed + $0)", seed: seed + $0, count: 12) }
    }
}
