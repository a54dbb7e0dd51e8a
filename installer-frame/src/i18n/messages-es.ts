import type { Messages } from './messages-en.ts';

export const es: Messages = {
  region: 'Configuración de Rapid',
  dismiss: 'Cerrar',
  troubleshoot: 'Solucionar problemas',
  'launching.heading': 'Iniciando Rapid…',
  'launching.body': 'Rapid se está iniciando en su equipo. Tardará unos segundos.',
  'launching.get': '¿No tiene Rapid? Descárguelo',
  'download.heading': 'Instale Rapid para transferir archivos grandes',
  'download.body':
    'Rapid transfiere archivos grandes a máxima velocidad y continúa cuando se corta la conexión.',
  'download.action': 'Descargar Rapid {version}',
  'install.heading': 'Abra el instalador que ha descargado',
  'install.body': 'Ejecútelo, siga los pasos y vuelva a esta página.',
  'install.done': 'Ya he instalado Rapid',
  'install.how': '¿Cómo se hace?',
  'install.again': 'Descargar de nuevo',
  'install.steps': 'Cómo instalar Rapid',
  'install.step1': 'Abra su carpeta de descargas.',
  'install.step2': 'Abra el archivo de instalación de Rapid que acaba de descargar.',
  'install.step3': 'Siga los pasos del instalador y vuelva a esta página.',
  'install.back': 'Volver',
  'update.heading': 'Actualice Rapid para continuar',
  'update.body':
    'Este sitio necesita una versión más reciente de Rapid. Descargue la actualización y ejecútela.',
  'update.action': 'Descargar la actualización',
  'continue.heading': 'Hay una versión más reciente de Rapid',
  'continue.body': 'Puede actualizar ahora o continuar con la versión que tiene.',
  'continue.action': 'Continuar sin actualizar',
  'retry.heading': 'Rapid no se ha iniciado',
  'retry.body': 'Compruebe que Rapid está instalado y vuelva a intentarlo.',
  'retry.action': 'Volver a intentar',
  'extension.heading': 'Añada la extensión de Rapid a su navegador',
  'extension.body':
    'Permite que esta página se comunique con Rapid en su equipo. Después, la página se recarga sola.',
  'extension.action': 'Añadir la extensión',
  'extension.refresh': 'Recargar la página',
  'unsupported.heading': 'Este navegador o sistema no es compatible',
  'unsupported.body':
    'Rapid funciona con versiones actuales de Chrome, Edge, Firefox y Chromium en Windows, macOS y Linux.',
  'running.heading': 'Rapid está listo',
  'running.body': 'Ya puede transferir archivos.',
};
