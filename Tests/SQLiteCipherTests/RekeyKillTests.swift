import Foundation
import SQLiteEngine
import Testing
import TestSupport

/// `PRAGMA rekey` through the loadable extension, the client killed (`SIGKILL`, nothing cleaned up) before one of the
/// rekey's writes, in Debian's `sqlite3` shell and in Python's `sqlite3`: at every point tried, the file opens whole
/// under exactly one key, the old one (its hot journal rolled back) or the new one, and the other key is refused.
/// A key may be none (`""`): a plain file encrypted in place, or an encrypted one decrypted (`PRAGMA rekey = ''`).
@Suite("Rekey killed mid-way through the extension")
struct RekeyKillTests {
    typealias Extension = LoadableExtensionTests

    /// The rows' fingerprint: what every surviving key must read.
    static let fingerprintQuery =
        "SELECT count(*) || '|' || sum(TRANSID) || '|' || CAST(total(TRANSAMOUNT) AS TEXT) FROM CHECKINGACCOUNT_V1"

    enum Client: String, CaseIterable {
        case shell, python
    }

    /// The keys a rekey goes from and to; `""` is no key, a plain file.
    struct Keys: CustomStringConvertible {
        let old: String
        let new: String
        static let change = Keys(old: Extension.key, new: Extension.newKey)
        static let decryption = Keys(old: Extension.key, new: "")
        static let encryption = Keys(old: "", new: Extension.newKey)
        var description: String { old.isEmpty ? "encryption" : new.isEmpty ? "decryption" : "key change" }
        /// The two keys as the Python scripts read them from their standard input, a line each.
        var input: String { "\(old)\n\(new)\n" }
    }

    /// Runs the rekey of `path` in `client` with `environment` added (the kill library's).
    static func rekey(_ client: Client, _ path: String, pragmas: String, keys: Keys, environment: [String: String])
        throws -> DriverPortBinary.Result
    {
        switch client {
        case .shell:
            let key = keys.old.isEmpty ? "" : "PRAGMA key = '\(keys.old)';\n"
            return try DriverPortBinary.run(
                ["-bail", "-batch", ":memory:"],
                environment: environment,
                input: Data(
                    (".load \(Extension.library)\n.open \(path)\n\(pragmas)\n\(key)PRAGMA rekey = '\(keys.new)';\n").utf8),
                executable: Extension.shell)
        case .python:
            let script = """
                import sqlite3, sys
                loader = sqlite3.connect(":memory:")
                loader.enable_load_extension(True)
                loader.load_extension(sys.argv[1])
                old_key, new_key = sys.stdin.readline().strip(), sys.stdin.readline().strip()
                db = sqlite3.connect(sys.argv[2])
                for statement in sys.argv[3].split(";"):
                    if statement.strip(): db.execute(statement)
                if old_key: db.execute("PRAGMA key = '%s'" % old_key)
                row = db.execute("PRAGMA rekey = '%s'" % new_key).fetchone()
                print(row[0] if row else "")
                """
            return try Extension.pythonRun(script, [path, pragmas], input: keys.input, environment: environment)
        }
    }

    /// For each file, in one Python process: the fingerprint (or the error) read with the new key, then the old key,
    /// then the new key again, each on a new connection; `integrity_check` must say `ok` for a read to count.
    static func readEachKey(_ paths: [String], pragmas: String, keys: Keys) throws -> [[String]] {
        let script = """
            import sqlite3, sys
            loader = sqlite3.connect(":memory:")
            loader.enable_load_extension(True)
            loader.load_extension(sys.argv[1])
            old_key, new_key = sys.stdin.readline().strip(), sys.stdin.readline().strip()
            def read(path, key):
                try:
                    db = sqlite3.connect(path)
                    for statement in sys.argv[2].split(";"):
                        if statement.strip(): db.execute(statement)
                    if key: db.execute("PRAGMA key = '%s'" % key)
                    check = db.execute("PRAGMA integrity_check").fetchone()[0]
                    value = db.execute(sys.argv[3]).fetchone()[0] if check == "ok" else "integrity: " + check
                    db.close()
                    return value
                except sqlite3.DatabaseError as error:
                    return "error: %s" % error
            for path in sys.argv[4:]:
                print("\\t".join([read(path, new_key), read(path, old_key), read(path, new_key)]))
            """
        let result = try Extension.pythonRun(
            script, [pragmas, fingerprintQuery] + paths, input: keys.input)
        #expect(result.exitCode == 0, "\(result.standardError)")
        Extension.expectNoPassphrase(result, "reading the killed copies")
        return result.standardOutput.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
    }

    /// The plain fixture's fingerprint, read by the shell without the extension.
    static func plainFingerprint() throws -> String {
        let path = Extension.fixtures.appendingPathComponent("mmex-200.mmb").path
        let result = try DriverPortBinary.run(["-batch", "-readonly", path, fingerprintQuery], executable: Extension.shell)
        #expect(result.exitCode == 0, "\(result.standardError)")
        return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("a client killed before any one write of PRAGMA rekey leaves the file whole under exactly one key, the other refused",
          arguments: [
            // SQLCipher 4 derives each key with 256,000 PBKDF2 iterations (about 0.2 s a key here): fewer points.
            (Client.shell, "mmex-200-sqlcipher4.emb", "PRAGMA cipher = 'sqlcipher'; PRAGMA legacy = 4;", Keys.change, 7),
            (Client.python, "mmex-200-aes128.emb", "PRAGMA cipher = 'aes128cbc';", Keys.change, 18),
            (Client.shell, "mmex-200-sqlcipher4.emb", "PRAGMA cipher = 'sqlcipher'; PRAGMA legacy = 4;", Keys.decryption, 7),
            (Client.python, "mmex-200.mmb", "PRAGMA cipher = 'aes128cbc';", Keys.encryption, 12),
          ])
    func killedRekeyLeavesOneKey(client: Client, file: String, pragmas: String, keys: Keys, points: Int) throws {
        let folder = try Extension.scratchFolder()
        defer { folder.remove() }
        guard let killer = try KillAtWrite.build(in: folder) else {
            Issue.record("no C compiler (cc, clang or gcc) on the PATH to build the kill-at-write library")
            return
        }
        let expected = try Self.plainFingerprint()
        #expect(expected.hasPrefix("200|"), "\(expected)")

        // A whole run: how many writes the rekey makes, and its result opens with the new key only.
        let whole = try Extension.scratchCopy(file, in: folder, as: "whole.emb")
        let countFile = folder.appending("count").path
        let counted = try Self.rekey(
            client, whole, pragmas: pragmas, keys: keys, environment: killer.environment(prefix: whole, killAt: nil, countFile: countFile))
        #expect(counted.exitCode == 0 && !counted.crashed, "\(client) \(keys): \(counted.standardError)")
        Extension.expectNoPassphrase(counted, "\(client) \(keys) whole run")
        let total = Int(try String(contentsOfFile: countFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(total > 2 * points, "\(client) \(keys): the rekey's writes were not seen (\(total))")

        // Killed copies: each client dies of SIGKILL at its point, before the write.
        var killed: [(point: Int, path: String)] = []
        for point in KillAtWrite.points(total: total, limit: points) {
            let path = try Extension.scratchCopy(file, in: folder, as: "killed-\(point).emb")
            let run = try Self.rekey(
                client, path, pragmas: pragmas, keys: keys, environment: killer.environment(prefix: path, killAt: point))
            #expect(run.crashed && run.exitCode == SIGKILL, "\(client) \(keys) at write \(point): not killed (\(run.exitCode))")
            Extension.expectNoPassphrase(run, "\(client) \(keys) killed at \(point)")
            killed.append((point, path))
        }

        // Some kills land after the rekey began rewriting the file itself (not only its journal).
        let original = try Extension.contents(Extension.fixtures.appendingPathComponent(file).path)
        let rewritten = try killed.filter { try Extension.contents($0.path) != original }.count
        #expect(rewritten > 0, "\(client) \(keys): no kill point fell after the file's own pages began to change")
        let reads = try Self.readEachKey([whole] + killed.map(\.path), pragmas: pragmas, keys: keys)
        #expect(reads.count == killed.count + 1)
        #expect(reads.first?.first == expected, "\(client) \(keys): the whole run does not open with the new key: \(reads.first ?? [])")
        var underOld = 0
        var underNew = 0
        for (read, copy) in zip(reads, [(0, whole)] + killed) {
            let label = copy.0 == 0 ? "\(client) \(keys) whole run" : "\(client) \(keys) killed before write \(copy.0) of \(total)"
            #expect(read.count == 3, "\(label): \(read)")
            guard read.count == 3 else { continue }
            let (new, old, newAgain) = (read[0] == expected, read[1] == expected, read[2] == expected)
            #expect(new != old, "\(label): exactly one key must open it whole: \(read)")
            #expect(newAgain == new, "\(label): opening with the other key changed which key opens it: \(read)")
            if new { underNew += 1 } else if old { underOld += 1 }
        }
        // A kill before any write leaves a hot journal at the latest (the commit is the journal's deletion, not a
        // write), so the killed copies roll back to the old key; the whole run is the new key's case.
        print("figures: rekey-kill \(client) \(keys) \(file) | writes \(total) | kill points \(killed.count) | file rewritten in part \(rewritten) | under the old key \(underOld)")
        #expect(underOld == killed.count && underNew == 1, "\(client) \(keys): \(underOld) under the old key, \(underNew) under the new")
    }
}
