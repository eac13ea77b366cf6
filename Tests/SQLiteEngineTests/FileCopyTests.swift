import Foundation
import SQLiteEngine
import TestSupport
import Testing

@Suite("FileCopy: whole-file copies in the kernel")
struct FileCopyTests {
    @Test("a copy holds the source's bytes exactly, whatever its length, with the asked permissions",
          arguments: [0, 1, 4096, 3 * 1_048_576 + 17])
    func copiesEveryByte(length: Int) throws {
        let folder = TemporaryDirectory()
        let source = folder.path("source")
        var generator = SystemRandomNumberGenerator()
        let bytes = Data((0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try bytes.write(to: URL(fileURLWithPath: source))
        let target = folder.path("target")
        try FileCopy.copy(source, to: target, mode: 0o600)
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == bytes)
        let permissions = try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
    }

    @Test("an existing target is refused and left as it was; a missing source creates nothing")
    func refusesWithoutDamage() throws {
        let folder = TemporaryDirectory()
        let source = folder.path("source")
        let target = folder.path("target")
        try Data("new".utf8).write(to: URL(fileURLWithPath: source))
        try Data("kept".utf8).write(to: URL(fileURLWithPath: target))
        #expect(throws: POSIXError(.EEXIST)) { try FileCopy.copy(source, to: target) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data("kept".utf8))

        let missing = folder.path("missing")
        let nowhere = folder.path("nowhere")
        #expect(throws: POSIXError(.ENOENT)) { try FileCopy.copy(missing, to: nowhere) }
        #expect(!FileManager.default.fileExists(atPath: nowhere))
    }

    @Test("a copy that fills the disk throws ENOSPC and leaves no partial file")
    func fullDiskLeavesNothing() throws {
        guard let mount = ScratchMount.make(sizeKiB: 256) else {
            print("FileCopyTests: skipped the full-disk case (no tmpfs mount allowed here)")
            return
        }
        let folder = TemporaryDirectory()
        let source = folder.path("source")
        try Data(repeating: 7, count: 1_048_576).write(to: URL(fileURLWithPath: source))
        let target = mount.path("target")
        #expect(throws: POSIXError(.ENOSPC)) { try FileCopy.copy(source, to: target) }
        #expect(!FileManager.default.fileExists(atPath: target))
    }
}
