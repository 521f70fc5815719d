// Redraft's origin (for example 'https://redraft.example.com'): the only page the plugin talks to.
// When Redraft serves this plugin itself, it answers this file with its own origin filled in.
// An administrator who copies the plugin into a Document Server's sdkjs-plugins/ folder sets it here.
window.REDRAFT_HOST_ORIGIN = '';
