import FileLifecycle
import Foundation
import TestSupport

/// A legacy folder and a container folder in a fresh temporary directory, the way an app sees them at launch.
struct RelocationLayout {
    let root: TemporaryDirectory
    let legacyFolder: String
    let container: String
    static let fileName = "ledger.db"

    init(containerExists: Bool = true) throws {
        root = TemporaryDirectory("driverport-relocation")
        legacyFolder = root.path("Library/Application Support")
        container = root.path("Shared/AppGroup")
        try FileManager.default.createDirectory(atPath: legacyFolder, withIntermediateDirectories: true)
        if containerExists {
            try FileManager.default.createDirectory(atPath: container, withIntermediateDirectories: true)
        }
    }

    var legacy: String { legacyFolder + "/" + Self.fileName }
    var destination: String { container + "/" + Self.fileName }

    func relocation(
        fileSystem: any RelocationFileSystem = SystemFileSystem(), observer: RelocationObserver? = nil
    ) -> DatabaseRelocation {
        DatabaseRelocation(
            legacyFile: URL(fileURLWithPath: legacy), container: URL(fileURLWithPath: container, isDirectory: true),
            fileSystem: fileSystem, observer: observer
        )
    }

    /// Which of the main file and its sidecars exist at a database path.
    static func files(at path: String) -> [String] {
        (["", "-wal", "-shm", "-journal"]).filter { FileManager.default.fileExists(atPath: path + $0) }
            .map { $0.isEmpty ? "main" : $0 }
    }
}
