import Foundation
import Testing

/// The snippets of ErrorSnippets.swift: result codes, changePassphrase, observation regions.
@Suite("GRDB fidelity: result codes, changePassphrase and observed regions as GRDB code writes them")
struct ErrorAndEncryptionFidelityTests {
    @Test("catch DatabaseError.SQLITE_CONSTRAINT_FOREIGNKEY before catch DatabaseError.SQLITE_CONSTRAINT")
    func catchByCode() throws {
        #expect(try ErrorSnippets.catchByExtendedThenPrimaryCode() == ["no such author", "other constraint"])
    }

    @Test("switch over extendedResultCode picks the extended case before the primary one")
    func switchOnCode() throws { #expect(try ErrorSnippets.switchOnExtendedResultCode() == "primary key") }

    @Test("catch ResultCode.SQLITE_CONSTRAINT matches an extended constraint code; primaryResultCode and rawValue")
    func resultCodeValues() throws {
        let outcome = try ErrorSnippets.catchResultCodeAndCompare()
        #expect(outcome.caught)
        #expect(outcome.primary)
        #expect(outcome.raw == 1299)  // SQLITE_CONSTRAINT_NOTNULL
    }

    @Test("DatabaseError(resultCode:message:) made by the app matches like SQLite's own")
    func ownError() {
        let outcome = ErrorSnippets.throwOwnDatabaseError()
        #expect(outcome.matched)
        #expect(outcome.message == "try again later")
    }

    @Test("changePassphrase in a queue's write; the new passphrase reopens the file")
    func changePassphraseQueue() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("grdb-fidelity-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try EncryptionAndObservationSnippets.changePassphraseOnQueue(directory: directory) == 1)
    }

    @Test("changePassphrase in a pool's barrierWriteWithoutTransaction, then invalidateReadOnlyConnections")
    func changePassphrasePool() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("grdb-fidelity-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try EncryptionAndObservationSnippets.changePassphraseOnPool(directory: directory) == 1)
    }

    @Test("an observation of player delivers nothing for a write to author")
    func observedRegion() async throws {
        #expect(try await EncryptionAndObservationSnippets.observationIgnoresOtherTables() == [0, 1])
    }
}
