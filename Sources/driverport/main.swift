import DriverPortCLI
import Foundation

DriverPortMain.removeScratchOnTerminatingSignals()
let console = Console.standard()
let code = DriverPortMain.runProcess(
    Array(CommandLine.arguments.dropFirst()), console: console, environment: ProcessInfo.processInfo.environment
)
DriverPortMain.exitProcess(code)
