// swift-tools-version:6.0
// DriverPort over the real libraries: session engines over a real SQLite.swift `Connection` and a real GRDB
// `DatabaseQueue`/`DatabasePool`, and the presets that let the differential, transcripts and shadow mode compare
// them. A package of its own, so the root package stays free of third-party code.
//
// Where the libraries come from: by default, the copies in `../../shared/third_party` (offline, as this repository's
// machines build); with `DRIVERPORT_THIRD_PARTY=remote` in the environment, GRDB and SQLite.swift by URL and version,
// as a user outside builds (README.md).
import Foundation
import PackageDescription

let remote = ProcessInfo.processInfo.environment["DRIVERPORT_THIRD_PARTY"] == "remote"

let thirdParty: [Package.Dependency] =
    remote
    ? [
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.0.0"),
        .package(url: "https://github.com/stephencelis/SQLite.swift.git", from: "0.15.0"),
    ]
    : [
        .package(path: "../../shared/third_party/GRDB.swift"),
        .package(path: "../../shared/third_party/SQLite.swift"),
        // The C module SQLite.swift links here (read for `sqlite3_extended_errcode`); by URL, the adapter falls back
        // to SQLite.swift's own error (README.md, "Extended result codes").
        .package(path: "../../shared/third_party/CSQLite"),
    ]

let sqliteSwiftC: [Target.Dependency] = remote ? [] : [.product(name: "SQLiteSwiftCSQLite", package: "CSQLite")]

let package = Package(
    name: "DriverPortIntegrations",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "GRDBSessions", targets: ["GRDBSessions"]),
        .library(name: "SQLiteSwiftSessions", targets: ["SQLiteSwiftSessions"]),
        .library(name: "RealLibraryPresets", targets: ["RealLibraryPresets"]),
    ],
    dependencies: [.package(name: "DriverPort", path: "../")] + thirdParty,
    targets: [
        // A session engine over a real GRDB queue or pool.
        .target(
            name: "GRDBSessions",
            dependencies: [
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PersistenceSession", package: "DriverPort"),
            ]
        ),
        // A session engine over a real SQLite.swift connection.
        .target(
            name: "SQLiteSwiftSessions",
            dependencies: [
                .product(name: "SQLite", package: "SQLite.swift"),
                .product(name: "PersistenceSession", package: "DriverPort"),
            ] + sqliteSwiftC
        ),
        // Error and known-difference presets for the differential, transcripts and shadow mode.
        .target(
            name: "RealLibraryPresets",
            dependencies: [
                "GRDBSessions", "SQLiteSwiftSessions",
                .product(name: "PersistenceSession", package: "DriverPort"),
                .product(name: "Differential", package: "DriverPort"),
                .product(name: "ShadowSessions", package: "DriverPort"),
            ]
        ),
        // The promise tests over the real libraries, the presets, and the worked examples (Bookmarks/, and
        // Expenses/ written apart from the trap code: apps on SQLite.swift and their naive and fixed ports to GRDB).
        .testTarget(
            name: "AdapterSessionTests",
            dependencies: [
                "GRDBSessions", "SQLiteSwiftSessions", "RealLibraryPresets",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "SQLite", package: "SQLite.swift"),
                .product(name: "PersistenceSession", package: "DriverPort"),
                .product(name: "Differential", package: "DriverPort"),
                .product(name: "Transcripts", package: "DriverPort"),
                .product(name: "ShadowSessions", package: "DriverPort"),
            ]
        ),
        // The real libraries open MMEX's encrypted files through the page codec (SQLiteCipher's KeyPragmas and
        // PRAGMA key); SQLite3 Multiple Ciphers (the oracle venv) reads what they wrote.
        .testTarget(
            name: "EncryptedFileTests",
            dependencies: [
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "SQLite", package: "SQLite.swift"),
                .product(name: "SQLiteCipher", package: "DriverPort"),
                .product(name: "SQLite3MultipleCiphers", package: "DriverPort"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
