import Differential
import Foundation
import MMEXModel
import MMEXSession
import PersistenceSession

/// The differential scenarios of slice 6: merging another MMEX file (plain, encrypted, broken, not MMEX, missing)
/// into the file under test. Every import also proves the source's bytes did not change.
enum ImportScenarios {
    static var slice: PortedSlice {
        PortedSlice(
            slice: .importing, repositories: [.importer], handWritten: handWritten, random: generator,
            readBack: [
                SliceReadBack.accounts, SliceReadBack.payees, SliceReadBack.categories, SliceReadBack.tags,
                SliceReadBack.currencies, SliceReadBack.ledgers,
            ]
        )
    }

    /// What an import returned, and whether its source (with its folder's other files) stayed byte for byte the same.
    struct Outcome: Encodable {
        let summaries: [ImportTableSummary]
        let sourceUnchanged: Bool
    }

    /// The name shown in reports for a source path.
    private static func label(_ path: String) -> String { URL(fileURLWithPath: path).lastPathComponent }

    static func merge(
        _ path: @escaping @Sendable (ImportSources) -> String, key: DatabaseKey? = nil, dryRun: Bool = false,
        named name: String
    ) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("importer.merge(from: \(name)\(key == nil ? "" : " with key"), dryRun: \(dryRun))") { context in
            let sources = try ImportSources.shared()
            let source = path(sources)
            let before = FileManager.default.contents(atPath: source)
            let summaries = try context.importer.merge(from: ImportSource(path: source, key: key), dryRun: dryRun)
            return Outcome(summaries: summaries, sourceUnchanged: FileManager.default.contents(atPath: source) == before)
        }
    }

    static func sample(dryRun: Bool = false) -> DifferentialOperation<any MMEXSession> {
        merge({ $0.sample }, dryRun: dryRun, named: "sample.mmb")
    }
    static func dupes(dryRun: Bool = false) -> DifferentialOperation<any MMEXSession> {
        merge({ $0.dupes }, dryRun: dryRun, named: "dupes.mmb")
    }
    static func renamed(dryRun: Bool = false) -> DifferentialOperation<any MMEXSession> {
        merge({ $0.dupesRenamed }, dryRun: dryRun, named: "dupes-renamed.mmb")
    }
    static func clashes(dryRun: Bool = false) -> DifferentialOperation<any MMEXSession> {
        merge({ $0.clashes }, dryRun: dryRun, named: "clashes.mmb")
    }
    static func encrypted(dryRun: Bool = false) -> DifferentialOperation<any MMEXSession> {
        merge({ $0.dupesEncrypted }, key: ImportSources.encryptedKey, dryRun: dryRun, named: "dupes-aes128.emb")
    }
    static func sqlcipher() -> DifferentialOperation<any MMEXSession> {
        merge({ $0.dupesSQLCipher }, key: ImportSources.sqlcipherKey, named: "dupes-sqlcipher4.emb")
    }
    static func wrongKey() -> DifferentialOperation<any MMEXSession> {
        merge({ $0.dupesEncrypted }, key: DatabaseKey(passphrase: "not the key", cipher: .aes128cbc), named: "dupes-aes128.emb (wrong key)")
    }
    static func noKey() -> DifferentialOperation<any MMEXSession> {
        merge({ $0.dupesEncrypted }, named: "dupes-aes128.emb (no key)")
    }
    static func broken() -> DifferentialOperation<any MMEXSession> {
        merge({ $0.broken }, named: "broken.mmb")
    }
    static func notMMEX() -> DifferentialOperation<any MMEXSession> {
        merge({ $0.notMMEX }, named: "not-mmex.db")
    }
    static func missing() -> DifferentialOperation<any MMEXSession> {
        merge({ $0.missing }, named: "missing.mmb")
    }

    /// An import followed by a throw in the same unit of work: nothing of it may remain.
    static func rolledBack() -> DifferentialOperation<any MMEXSession> {
        SessionOperation.abortedWrite("write { importer.merge(from: dupes.mmb); throw }") { context in
            _ = try context.importer.merge(from: ImportSource(path: try ImportSources.shared().dupes), dryRun: false)
        }
    }

    /// Two imports in one unit of work (the second sees the first's rows).
    static func twiceInOneUnit() -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("write { merge(dupes.mmb); merge(dupes-renamed.mmb) }") { context -> [[ImportTableSummary]] in
            let sources = try ImportSources.shared()
            return [
                try context.importer.merge(from: ImportSource(path: sources.dupes), dryRun: false),
                try context.importer.merge(from: ImportSource(path: sources.dupesRenamed), dryRun: false),
            ]
        }
    }

    static var handWritten: [SliceScenario] {
        [
            SliceScenario("dry run, then import, then again (all skipped)", covers: [.importer], [
                dupes(dryRun: true), dupes(), dupes(), dupes(dryRun: true),
            ]),
            SliceScenario("names clash: renamed", covers: [.importer], [dupes(), renamed(), renamed(dryRun: true)]),
            SliceScenario("the sample data set", covers: [.importer], [sample(dryRun: true), sample(), sample()]),
            SliceScenario("encrypted sources", covers: [.importer], [
                noKey(), wrongKey(), encrypted(dryRun: true), encrypted(), sqlcipher(), renamed(),
            ]),
            SliceScenario("failures leave the file unchanged", covers: [.importer], [
                broken(), notMMEX(), missing(), rolledBack(), dupes(),
            ]),
            SliceScenario("two imports in one unit of work", covers: [.importer], [twiceInOneUnit(), renamed()]),
            // `Bills` is renamed to `Bills (2)`, then the source's own `Bills (2)` to `Bills (2) (2)`: merged in
            // another order, the names would differ.
            SliceScenario("names that clash with each other's renames", covers: [.importer], [
                clashes(dryRun: true), clashes(), clashes(),
            ]),
        ]
    }

    static var generator: OperationGenerator<any MMEXSession> {
        .weighted([
            (4, OperationGenerator { random in dupes(dryRun: random.chance(1, in: 3)) }),
            (3, OperationGenerator { random in renamed(dryRun: random.chance(1, in: 3)) }),
            (1, OperationGenerator { random in sample(dryRun: random.chance(1, in: 2)) }),
            (1, OperationGenerator { random in encrypted(dryRun: random.chance(1, in: 2)) }),
            (1, OperationGenerator { _ in broken() }),
            (1, OperationGenerator { _ in notMMEX() }),
            (1, OperationGenerator { _ in missing() }),
            (1, OperationGenerator { _ in rolledBack() }),
        ])
    }
}

// MARK: The slice's place in the port and its repositories

extension RepositorySlice {
    /// Importing another MMEX file.
    package static let importing = RepositorySlice("import", stage: 6)
}

extension MMEXRepository {
    /// `ImportRepository`, vended by both drivers.
    package static let importer = MMEXRepository(writeOnly: ImportRepositoryKey.self)
}
