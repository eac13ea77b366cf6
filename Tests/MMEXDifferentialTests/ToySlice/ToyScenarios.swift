import Differential
import MMEXDifferential
import MMEXSession

// Step 4: the slice. Its place in the port, its repository (the initialiser requires both drivers' conformances:
// without LegacyToyRepository.swift or ReaderWriterToyRepository.swift this file does not compile), its scenarios,
// its random generator and its read-back.

extension RepositorySlice {
    /// The toy slice, after the port's last stage.
    static let toys = RepositorySlice("toys", stage: 8)
}

extension MMEXRepository {
    /// `ToyRepository`, vended by both drivers.
    static let toys = MMEXRepository(ToyRepositoryKey.self)
}

/// The differential scenarios of the toy slice.
enum ToyScenarios {
    static var slice: PortedSlice {
        PortedSlice(
            slice: .toys, repositories: [.toys], handWritten: handWritten, random: generator, readBack: [readBackNotes]
        )
    }

    static let texts = ["", "note", "Note", "été", "家族", "it's", " spaced ", "0042"]

    static func notes() -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("toys.notes()") { try $0.toys.notes() }
    }

    static func add(_ text: String) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("toys.add(\(SessionOperation.quoted(text)))") { try $0.toys.add(text) }
    }

    static func removeAll() -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("toys.removeAll()") { try $0.toys.removeAll() }
    }

    static func rolledBack(_ text: String) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.abortedWrite("write { toys.add(\(SessionOperation.quoted(text))); throw }") { context in
            try context.toys.add(text)
        }
    }

    static var handWritten: [SliceScenario] {
        [
            SliceScenario("no table yet", covers: [.toys], [notes(), removeAll(), notes()]),
            SliceScenario("add, list, remove", covers: [.toys], texts.map(add) + [notes(), removeAll(), notes(), add("again")]),
            SliceScenario("rollback", covers: [.toys], [add("kept"), rolledBack("dropped"), notes()]),
        ]
    }

    static var generator: OperationGenerator<any MMEXSession> {
        .weighted([
            (3, OperationGenerator { random in add(random.element(of: texts) ?? "note") }),
            (2, OperationGenerator { _ in notes() }),
            (1, OperationGenerator { _ in removeAll() }),
            (1, OperationGenerator { random in rolledBack(random.element(of: texts) ?? "note") }),
        ])
    }

    /// What the legacy session reads back of the toy slice's writes.
    static var readBackNotes: DifferentialOperation<any MMEXSession> {
        SessionOperation.readBack("toys.notes") { try $0.toys.notes() }
    }
}
