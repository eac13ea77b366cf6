import MMEXFiles
import SQLiteCipher
import TestSupport
import Testing

/// `auto` is a policy an app passes in (`CipherChoice.detect`): the formats to try, in order, and a new file's
/// format. The codec tries exactly the policy's formats; MMEX's policy lives in MMEX's own module.
@Suite("Cipher detection as an app's policy")
struct CipherDetectionTests {
    @Test("a policy tries only its own formats: an SQLCipher 4 file opens with a policy that has it and fails as a wrong key with one that does not")
    func policyOrderIsWhatIsTried() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("v4.emb")
        let key = try CipherFixtures.key()
        let written = try CipherFixtures.create(path, format: .sqlcipher4, key: key, rows: 20)

        let withIt = CipherChoice.detect(CipherDetection(order: [.aes128, .sqlcipher4], newFileFormat: .aes128))
        let (connection, applied) = try CipherFixtures.open(path, choice: withIt, key: key, access: .readOnly)
        defer { connection.close() }
        #expect(applied.format == .sqlcipher4)
        #expect(try connection.rows(CipherFixtures.selectSQL) == written)

        let without = CipherChoice.detect(CipherDetection(order: [.aes128, .chacha20], newFileFormat: .aes128))
        #expect(throws: CipherError.wrongKey(format: nil)) {
            _ = try CipherFixtures.open(path, choice: without, key: key, access: .readOnly)
        }
    }

    @Test("an empty file with a key gets the policy's new-file format, directly and through a new-file target")
    func newFileFormatComesFromThePolicy() throws {
        let folder = TemporaryDirectory()
        let key = try CipherFixtures.key()
        let policy = CipherDetection(order: CipherFormat.detectionOrder, newFileFormat: .chacha20)
        let (connection, applied) = try CipherFixtures.open(
            folder.path("new.db"), choice: .detect(policy), key: key, access: .readWriteCreate
        )
        try connection.execute("CREATE TABLE t(x)")
        connection.close()
        #expect(applied.format == .chacha20)
        #expect(try CipherFixtures.open(folder.path("new.db"), choice: .format(.chacha20), key: key).1.format == .chacha20)

        #expect(try CipherTarget(newFile: .detect(policy), key: key).format == .chacha20)
        #expect(try CipherTarget(newFile: .auto, key: key).format == .sqlcipher4)
        #expect(try CipherTarget(newFile: .detect(policy), key: nil).format == nil, "no key: a plain file")
    }

    @Test("preferring moves formats to the front once each and keeps every other format; MMEX's policy is SQLCipher 4 then AES-128")
    func preferringAndMMEXPolicy() {
        let preferred = CipherDetection.standard.preferring([.rc4, .aes256, .rc4])
        #expect(Array(preferred.order.prefix(2)) == [.rc4, .aes256])
        #expect(preferred.order.count == CipherDetection.standard.order.count)
        #expect(Set(preferred.order) == Set(CipherDetection.standard.order))

        #expect(Array(CipherDetection.mmex.order.prefix(2)) == [.sqlcipher4, .aes128])
        #expect(Set(CipherDetection.mmex.order) == Set(CipherFormat.allCases))
        #expect(CipherDetection.mmex.newFileFormat == .sqlcipher4)
        #expect(CipherChoice.mmex.name == "auto")
        #expect(CipherChoice(name: "auto") == .auto)
    }
}
