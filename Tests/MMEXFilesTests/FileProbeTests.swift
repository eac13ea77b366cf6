import Foundation
import MMEXFiles
import TestSupport
import Testing

@Suite("File probe: refusing what is not a database before SQLite sees it")
struct FileProbeTests {
    @Test("missing path, directory, empty file and symlink loop are told apart")
    func badPathsAreToldApart() throws {
        let folder = TemporaryDirectory()
        #expect(throws: DatabaseFileError.missing(path: folder.path("nope.mmb"))) {
            try FileProbe.examine(folder.path("nope.mmb"))
        }
        #expect(throws: DatabaseFileError.notRegularFile(path: folder.url.path, what: "a directory")) {
            try FileProbe.examine(folder.url.path)
        }
        try #require(FileManager.default.createFile(atPath: folder.path("empty.mmb"), contents: Data()))
        #expect(throws: DatabaseFileError.empty(path: folder.path("empty.mmb"))) {
            try FileProbe.examine(folder.path("empty.mmb"))
        }
        try FileManager.default.createSymbolicLink(atPath: folder.path("a"), withDestinationPath: folder.path("b"))
        try FileManager.default.createSymbolicLink(atPath: folder.path("b"), withDestinationPath: folder.path("a"))
        #expect(throws: DatabaseFileError.notRegularFile(path: folder.path("a"), what: "a symbolic link loop")) {
            try FileProbe.examine(folder.path("a"))
        }
    }

    @Test("a truncated database is reported with the sizes, before any read")
    func truncatedDatabaseIsReported() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("t.mmb")
        try MMEXFileCreator.create(at: path).close()
        let full = try #require(FileManager.default.contents(atPath: path))
        try full.prefix(full.count / 2).write(to: URL(fileURLWithPath: path))
        #expect(throws: DatabaseFileError.truncated(path: path, expectedBytes: UInt64(full.count), actualBytes: UInt64(full.count / 2))) {
            try FileProbe.examine(path)
        }
    }

    @Test("a plain file is recognized with its page size, reserve and journal mode; anything else is not plain")
    func plainAndOther() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("p.mmb")
        try MMEXFileCreator.create(at: path).close()
        let probe = try FileProbe.examine(path)
        #expect(probe.kind == .plainSQLite)
        #expect(probe.pageSize == 4096)
        #expect(probe.reserveBytes == 0)
        #expect(probe.isWALMode == false)
        try Data("<html>not a database</html>".utf8).write(to: URL(fileURLWithPath: folder.path("h.mmb")))
        #expect(try FileProbe.examine(folder.path("h.mmb")).kind == .notPlainSQLite)
    }
}
