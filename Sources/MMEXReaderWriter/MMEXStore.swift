import Foundation
import MMEXSessionSupport
import MMEXSession
import PersistenceSession
import ReaderWriterDriver
import ReaderWriterSessions
import SQLiteEngine

/// What ``ReaderWriterSession`` needs of a queue or pool besides the generic engine's ``ReaderWriterStore``: how it
/// opens on the MMEX sample database.
public protocol MMEXStore: ReaderWriterStore {
    /// Opens the writer on a new sample database; `folder` is a private folder to remove after closing, if the
    /// sample needed a file.
    static func openSample(configuration: Configuration) throws -> (store: Self, location: SessionLocation, folder: URL?)
}

extension DatabaseQueue: MMEXStore {
    /// The sample in memory (`:memory:`), as the legacy session keeps it.
    public static func openSample(configuration: Configuration) throws -> (store: DatabaseQueue, location: SessionLocation, folder: URL?) {
        let queue = try DatabaseQueue(configuration: configuration)
        try queue.writeWithoutTransaction { db in
            try db.withEngineConnection { engine in try SampleDatabase.fill(engine) }
        }
        return (queue, .memory, nil)
    }
}

extension DatabasePool: MMEXStore {
    /// WAL needs a file: the sample is written into a private temporary folder, which the session removes when it
    /// closes. It is as private and short-lived as an in-memory database, but its location is that file.
    public static func openSample(configuration: Configuration) throws -> (store: DatabasePool, location: SessionLocation, folder: URL?) {
        let folder = try ScratchFolder.make(kind: "sample", in: FileManager.default.temporaryDirectory).url
        do {
            let path = folder.appendingPathComponent("sample.mmb").path
            try SampleDatabase.createFile(at: path)
            return (try openStore(path: path, configuration: configuration), .file(path: path), folder)
        } catch {
            ScratchFolder.remove(folder)
            throw error
        }
    }
}
