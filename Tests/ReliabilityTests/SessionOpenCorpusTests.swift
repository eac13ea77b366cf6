import Foundation
import MMEXLegacy
import MMEXModel
import MMEXReaderWriter
import MMEXSession
import PersistenceSession
import TestSupport
import Testing

/// The three session types an app can open.
enum SessionKind: String, Sendable, CaseIterable, CustomTestStringConvertible {
    case legacy, queue, pool
    var testDescription: String { rawValue }

    /// Opens and closes a session; throws what `open` throws.
    func openAndClose(_ path: String, key: DatabaseKey?, access: SessionAccess) throws {
        switch self {
        case .legacy: try LegacySession.open(at: path, key: key, access: access, configuration: .standard).close()
        case .queue: try QueueSession.open(at: path, key: key, access: access, configuration: .standard).close()
        case .pool: try PoolSession.open(at: path, key: key, access: access, configuration: .standard).close()
        }
    }
}

/// The session error (case name) a corpus input must give, or `nil` when it opens.
private func expectedError(_ input: BadInput) -> Set<String>? {
    switch input.expectation {
    case .missing: return ["notFound"]
    case .notAFile: return ["notFound", "notADatabase"]
    case .notADatabase: return ["notADatabase", "corrupt"]
    case .readable(let version, _):
        if version > 21 { return ["schemaTooNew"] }
        if input.fileName == "other-app.db" || input.fileName == "partial.mmb" { return ["wrongKindOfFile"] }
        return nil
    }
}

/// The case of an error (`notFound`, `wrongKey`, ...): the label of its payload, as a mirror shows it.
private func caseName(_ error: PersistenceError) -> String {
    Mirror(reflecting: error).children.first?.label ?? "\(error)"
}

@Suite("Session opens over the bad-input corpus: the documented PersistenceError, no crash, a refused file untouched")
struct SessionOpenCorpusTests {
    @Test("every session kind, read-only and read-write, on every plain corpus input",
          arguments: SessionKind.allCases, BadInputCorpus.plain.indices)
    func plainCorpus(kind: SessionKind, index: Int) throws {
        let input = BadInputCorpus.plain[index]
        for access in [SessionAccess.readOnly, .readWrite] {
            let folder = TemporaryDirectory("session-corpus")
            let path = try input.build(in: folder.url)
            let before = FileTreeSnapshot(folder.url)
            let label = "\(kind.rawValue) \(access.rawValue) on \(input.name)"
            var refused: PersistenceError?
            do {
                try kind.openAndClose(path, key: nil, access: access)
            } catch let error as PersistenceError {
                refused = error
            } catch {
                Issue.record("\(label): not a PersistenceError: \(type(of: error)) \(error)")
                continue
            }
            if input.foundOnlyByFullRead {
                // A page of zeros deep in one table: an open reads only the schema, so it may succeed or say corrupt.
                if let refused { #expect(["corrupt", "notADatabase"].contains(caseName(refused)), "\(label): \(refused)") }
            } else if let expected = expectedError(input) {
                let got = refused.map(caseName)
                #expect(got.map(expected.contains) == true, "\(label): expected \(expected), got \(refused.map { "\(caseName($0)): \($0)" } ?? "an open session")")
                if let refused { #expect(refused.description.contains(input.fileName) || input.fileName == "loop.mmb", "\(label): \(refused)") }
            } else {
                #expect(refused == nil, "\(label): \(refused.map { "\($0)" } ?? "")")
            }
            // A refused file, and any file opened read-only, is left byte for byte as it was.
            if refused != nil || access == .readOnly {
                let changes = FileTreeSnapshot(folder.url).differences(from: before)
                #expect(changes.isEmpty, "\(label) changed the file: \(changes)")
            }
        }
    }

    @Test("encrypted inputs: a wrong key or format is wrongKey, no key is notADatabase, nothing changes, no key in the error",
          arguments: SessionKind.allCases)
    func encryptedCorpus(kind: SessionKind) throws {
        for input in EncryptedCorpus.all where input.givenKey != "" && !(input.givenKey ?? "").hasPrefix("x'") {
            let folder = TemporaryDirectory("session-enc")
            let path = try input.build(in: folder.url)
            let before = FileTreeSnapshot(folder.url)
            let cipher = input.namedCipher.map { CipherChoice(rawValue: $0 == "aes128" ? "aes128cbc" : $0) } ?? .automatic
            let key = input.givenKey.map { DatabaseKey(passphrase: $0, cipher: cipher) }
            var refused: PersistenceError?
            do {
                try kind.openAndClose(path, key: key, access: .readOnly)
            } catch let error as PersistenceError {
                refused = error
            } catch {
                Issue.record("\(kind) on \(input.name): not a PersistenceError: \(error)")
            }
            let label = "\(kind.rawValue) on \(input.name)"
            switch input.messageContains {
            case "wrong key": #expect(refused.map(caseName) == "wrongKey", "\(label): \(refused.map { "\($0)" } ?? "opened")")
            case "encrypted": #expect(refused.map(caseName) == "notADatabase", "\(label): \(refused.map { "\($0)" } ?? "opened")")
            default: break  // a flipped bit: page 1 is refused at open; a table page only when read
            }
            for secret in [EncryptedCorpus.rightPassphrase, EncryptedCorpus.wrongPassphrase] {
                #expect(SecretScanner(secret).findings(inValue: refused as Any).isEmpty, "\(label): the error shows a key")
            }
            #expect(FileTreeSnapshot(folder.url).differences(from: before).isEmpty, "\(label) changed the file")
        }
    }
}
