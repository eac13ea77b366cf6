import Foundation

/// Where a command will write a file it creates: checked when the command starts, so that a run of minutes never
/// ends in "cannot write", and so that the error names the output (exit 73), never the input.
enum OutputLocation {
    /// Refuses `path` unless its folder exists, is a folder, and can be written to, and `path` is not a folder.
    ///
    /// - Parameter what: what is written there, for the message ("the page", "the copy", "the log").
    static func check(_ path: String, what: String) throws(CLIError) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw CLIError("\(path): is a folder; give the path of \(what) to write", exitCode: .cannotCreate)
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
            throw CLIError("\(path): cannot create \(what) (no folder \(folder))", exitCode: .cannotCreate)
        }
        guard isFolder.boolValue else {
            throw CLIError("\(path): cannot create \(what) (\(folder) is not a folder)", exitCode: .cannotCreate)
        }
        guard access(folder, W_OK | X_OK) == 0 else {
            throw CLIError("\(path): cannot create \(what) (\(String(cString: strerror(errno)).lowercased()))", exitCode: .cannotCreate)
        }
    }
}
