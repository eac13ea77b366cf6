// One symbol of each library product, so a product that stops exporting its module, or needs a module that is not
// a product, fails this build. Running it prints one line per product.
import Differential
import FileLifecycle
import LegacyDriver
import LegacySessions
import PersistenceSession
import ReaderWriterDriver
import ReaderWriterSessions
import SQLiteCipher
import SQLiteEngine
import Transcripts
import ShadowSessions

var generator = SplitMix64(seed: 1)
let lines = [
    "SQLiteEngine: \(SQLiteValue.integer(1))",
    "SQLiteCipher: \(CipherFormat.sqlcipher4.rawValue)",
    "LegacyDriver: \(Connection.self)",
    "ReaderWriterDriver: \(DatabaseQueue.self)",
    "PersistenceSession: \(String(describing: (any PersistenceSession).self))",
    "LegacySessions: \(LegacyUnitOfWork.self)",
    "ReaderWriterSessions: \(ReaderWriterUnitOfWork.self)",
    "Differential: \(generator.next())",
    "FileLifecycle: \(Sidecar.wal.rawValue)",
    "Transcripts: format \(Transcript.formatVersion)",
    "ShadowSessions: \(ShadowUnit(name: "accounts", kind: .read))",
]
print(lines.joined(separator: "\n"))
