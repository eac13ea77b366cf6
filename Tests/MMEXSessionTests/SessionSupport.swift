import Foundation
import MMEXLegacy
import MMEXModel
import MMEXReaderWriter
import MMEXSession
import PersistenceSession
import SQLiteEngine
import TestSupport

/// The three session types, for tests that run on each.
enum Driver: String, CaseIterable, CustomStringConvertible {
    case legacy, queue, pool

    var type: any MMEXSession.Type {
        switch self {
        case .legacy: LegacySession.self
        case .queue: QueueSession.self
        case .pool: PoolSession.self
        }
    }

    var description: String { rawValue }

    func open(
        _ path: String, key: DatabaseKey? = nil, access: SessionAccess = .readWrite,
        configuration: SessionConfiguration = .standard
    ) throws -> any MMEXSession {
        try type.open(at: path, key: key, access: access, configuration: configuration)
    }

    func create(_ path: String, key: DatabaseKey? = nil) throws -> any MMEXSession {
        try type.create(at: path, key: key, configuration: .standard)
    }

    func sample(configuration: SessionConfiguration = .standard) throws -> any MMEXSession {
        try type.openInMemorySample(configuration: configuration)
    }
}

enum Files {
    static let passphrase = "driverport-fixture-key"
    static func fixture(_ name: String) -> URL { SharedData.repositoryRoot.appendingPathComponent("Fixtures/\(name)") }
    static let plain = fixture("mmex-200.mmb")
    static let sqlcipher4 = fixture("mmex-200-sqlcipher4.emb")
    static let aes128 = fixture("mmex-200-aes128.emb")

    /// A plain copy of the committed fixture in `folder`.
    static func plainCopy(in folder: TemporaryDirectory, as name: String = "mmex.mmb") throws -> String {
        try folder.copy(plain, as: name)
    }

    /// The header bytes 18 and 19: (2, 2) for WAL, (1, 1) for a rollback journal.
    static func journalHeader(_ path: String) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path), data.count >= 20 else { return [] }
        return [data[18], data[19]]
    }

    /// The files in a folder, sorted.
    static func names(in folder: TemporaryDirectory) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.url.path)) ?? []).sorted()
    }

    /// Runs SQL on a plain file with the system engine (to build odd files and read what sessions wrote).
    static func sql(_ path: String, _ script: String) throws {
        let connection = try EngineConnection(path: path, options: .create)
        defer { connection.close() }
        try connection.execute(script)
    }

    /// One value of a query on a plain file.
    static func scalar(_ path: String, _ query: String) throws -> SQLiteValue? {
        let connection = try EngineConnection(path: path, options: .readOnly)
        defer { connection.close() }
        return try connection.scalar(query)
    }
}

/// A minter that gives the listed ids, then counts up from 900_000.
func scriptedMinter(_ ids: [Int64]) -> IdentifierMinter {
    let next = LockedCounter()
    return IdentifierMinter {
        let index = next.increment()
        return index < ids.count ? ids[index] : 900_000 + Int64(index)
    }
}

final class LockedCounter: @unchecked Sendable {
    // @unchecked: `lock` guards `value`.
    private let lock = NSLock()
    private var value = -1
    func increment() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}

/// An error of the app's own, thrown inside a unit of work.
struct AppError: Error, Equatable {}
