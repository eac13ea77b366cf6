import Foundation
import SQLiteCipher
import SQLiteEngine
import TestSupport
import Testing

/// Flipping one bit of a page of a MAC'd format makes reading that page fail with an error naming the page, and
/// reading never modifies the file.
@Suite("tampered pages fail authentication")
struct TamperTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let format: CipherFormat
        /// Where in the page to flip a bit: in the encrypted data, or in the MAC itself.
        let inMAC: Bool
        var testDescription: String { "\(format.rawValue), bit flipped in the \(inMAC ? "MAC" : "encrypted data")" }
    }

    static let cases: [Case] = [CipherFormat.sqlcipher2, .sqlcipher3, .sqlcipher4, .chacha20, .sqleet, .ascon128, .aegis256]
        .flatMap { [Case(format: $0, inMAC: false), Case(format: $0, inMAC: true)] }

    /// Reads every page of `t` and its index; returns the first error.
    static func readEverything(_ connection: EngineConnection) -> (any Error)? {
        do {
            _ = try connection.rows(CipherFixtures.selectSQL)
            _ = try connection.rows("SELECT name FROM t INDEXED BY t_name ORDER BY name")
            _ = try connection.rows("PRAGMA integrity_check")
            return nil
        } catch {
            return error
        }
    }

    @Test("a flipped bit in page 1, page 2, a middle page or the last page names that page", arguments: cases)
    func flippedBit(_ tamper: Case) throws {
        let folder = TemporaryDirectory()
        let original = folder.path("original.db")
        let key = try CipherFixtures.rawKey()
        try CipherFixtures.create(original, format: tamper.format, key: key, pageSize: 1024, rows: 400)
        let pristine = try FileBytes.read(original)
        let size = 1024
        let pages = pristine.count / size
        #expect(pages > 10)
        for page in [1, 2, pages / 2, pages] {
            let path = folder.path("tampered-\(page).db")
            try FileBytes.write(pristine, to: path)
            let within = tamper.inMAC ? size - tamper.format.reservedBytes + 16 + 3 : 40
            try FileBytes.flipBit(in: path, at: (page - 1) * size + within)
            let tampered = try FileBytes.read(path)
            let connection = try EngineConnection(path: path, options: OpenOptions(access: .readWrite, vfs: PageCodec.vfsName))
            defer { connection.close() }
            var failure: CipherError?
            do {
                try PageCodec.apply(.format(tamper.format), key: key, to: connection)
                failure = Self.readEverything(connection).map { PageCodec.translate($0, on: connection) }
            } catch {
                failure = error
            }
            guard case .authenticationFailed(let failedPage, let detail)? = failure else {
                Issue.record("page \(page): expected an authentication failure, got \(String(describing: failure))")
                continue
            }
            #expect(failedPage == page)
            #expect(detail.contains("page \(page) failed authentication"))
            #expect(try FileBytes.read(path) == tampered, "reading page \(page) changed the file")
        }
    }
}
