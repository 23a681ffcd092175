; Inno Setup script: the Windows installer of Tablée's one-folder build (the release workflow runs
;   iscc /DAppVersion=0.1.0 /DSourceDir=dist\tablee /DOutputDir=release packaging\windows\tablee.iss
; on the Windows runner). Installs for the current user only: no administrator rights, a Start-menu
; entry, an optional desktop icon, and an uninstaller in Windows' list of apps. The player's settings
; and saves (in %LOCALAPPDATA%\Tablee) are left in place by the uninstaller.
#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif
#ifndef SourceDir
  #define SourceDir "..\..\dist\tablee"
#endif
#ifndef OutputDir
  #define OutputDir "..\..\dist"
#endif

[Setup]
AppId={{6B7F3C1E-2D4A-4F7B-9C8E-5A1D2B3C4E5F}
AppName=Tablée
AppVersion={#AppVersion}
AppVerName=Tablée {#AppVersion}
AppPublisher=The Tablée developers
DefaultDirName={localappdata}\Programs\Tablee
DefaultGroupName=Tablée
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
OutputDir={#OutputDir}
OutputBaseFilename=tablee-{#AppVersion}-windows-setup
Compression=lzma2
SolidCompression=yes
WizardStyle=modern
UninstallDisplayIcon={app}\tablee.exe
LicenseFile=..\..\LICENSE
ArchitecturesInstallIn64BitMode=x64compatible

[Languages]
Name: "en"; MessagesFile: "compiler:Default.isl"
Name: "fr"; MessagesFile: "compiler:Languages\French.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\Tablée"; Filename: "{app}\tablee.exe"
Name: "{autodesktop}\Tablée"; Filename: "{app}\tablee.exe"; Tasks: desktopicon

[Run]
Filename: "{app}\tablee.exe"; Description: "{cm:LaunchProgram,Tablée}"; Flags: nowait postinstall skipifsilent
