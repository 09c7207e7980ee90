import { createHash } from 'node:crypto';

/** Scripts of a page rendered ahead of time wait in inert tags of this type until the first paint. */
export const DEFERRED_SCRIPT_TYPE = 'text/cw-deferred';

/**
 * The start of both inline scripts: reads what the web app's store persists (localStorage
 * `persist:root`, version 1: each slice a JSON string; apps/web/src/app/store.ts), puts the stored
 * theme on <html> (data-theme; without one, the system's preference) and marks a stored session
 * (`cw-session`). It fails closed to the light, signed-out page.
 */
const STORED_THEME_AND_SESSION =
  "var d=document.documentElement,t=null;try{var s=JSON.parse(localStorage.getItem('persist:root')||'null');" +
  "if(s){t=JSON.parse(s.theme||'null');var a=JSON.parse(s.auth||'null');if(a&&a.token)d.classList.add('cw-session')}}catch(e){}" +
  "try{d.dataset.theme=(t&&typeof t.darkMode==='boolean'?t.darkMode:matchMedia('(prefers-color-scheme: dark)').matches)?'dark':'light'}catch(e){d.dataset.theme='light'}";

/**
 * Defines `g()`: turns the inert script tags (DEFERRED_SCRIPT_TYPE) into real ones, once: the app's
 * entry module and, as modulepreloads, the page's own chunks.
 */
const loadDeferredScripts = () =>
  `var q=document.querySelectorAll('script[type="${DEFERRED_SCRIPT_TYPE}"]');` +
  // A few tags per task: each inserted tag costs a moment of the main thread.
  'function b(){var i=0;(function s(){for(var n=0;n<6&&i<q.length;n++,i++){var p=q[i].hasAttribute("data-preload"),e=document.createElement(p?"link":"script");' +
  'if(p){e.rel="modulepreload";e.href=q[i].dataset.src}else{e.type="module";e.src=q[i].dataset.src}' +
  'e.crossOrigin="";document.head.appendChild(e)}if(i<q.length)setTimeout(s,0)})()}' +
  'var o=0;function g(){if(!o){o=1;setTimeout(b,0)}}';

/**
 * With a stored session, the browser's internationalisation library (ICU) is started by the script
 * itself, before the first paint: its first date formatter costs ~20-35 ms of this machine's main
 * thread (80-140 ms at Lighthouse's 4x CPU), its first number formatter a few. Inside the app's first
 * render it made that task a long one; in tasks of their own right after the paint (as it was) it was
 * still the page's longest task, counted as blocking time whenever Lighthouse's simulated first paint
 * came early (a /home run at 95, 247 ms). Before the paint it delays that paint instead, by about as
 * much, when nothing can be pressed yet. The formatters the app then makes reuse the loaded data.
 */
const START_ICU_BEFORE_PAINT =
  "if(d.classList.contains('cw-session'))try{new Intl.DateTimeFormat('en-US').format(0);new Intl.NumberFormat('en-US').format(0)}catch(e){}";

/**
 * Calls `call` once the page's first contentful paint is on screen (the browser's paint timing says
 * so; after the next frame where paint timing is missing), and `g()` after 3 s at the latest.
 */
const afterFirstPaint = (call: string) =>
  `try{new PerformanceObserver(function(l,p){if(l.getEntriesByName('first-contentful-paint').length){p.disconnect();${call}()}})` +
  `.observe({type:'paint',buffered:true});setTimeout(g,3000)}catch(e){requestAnimationFrame(function(){setTimeout(${call},0)})}`;
const AFTER_FIRST_PAINT = afterFirstPaint('g');

/**
 * The one inline script of a page rendered ahead of time (spa.ts), run before the first paint:
 * - the stored theme goes on <html> (data-theme), so a dark-mode visitor never sees a light page;
 *   without one, the system's preference (prefers-color-scheme) is the first default;
 * - with a stored session the markup is hidden (`cw-session`): the app will replace it (a signed-in
 *   user is sent from the public pages to /home) and must not flash the signed-out page first;
 * - a form submitted before the app is live is held back (`cwHeldSubmit`), not sent by the browser
 *   as a plain GET with its fields (a password) in the address; the app submits it again once live
 *   (apps/web/src/lib/use-typed-before-hydration.ts, which sets `cwFormsLive`);
 * - once the page's first contentful paint is on screen (the browser's paint timing says so; after
 *   3 s at the latest; at once with a stored session or in a hidden tab, which paint nothing; after
 *   the next frame where paint timing is missing), the inert script tags before it become real ones: the app's entry
 *   module and, as modulepreloads, the page's own chunks. The page is readable from the HTML alone,
 *   so its scripts never compete with that first paint.
 * It reads what the web app's store persists (localStorage `persist:root`, version 1: each slice a
 * JSON string; apps/web/src/app/store.ts) and fails closed to the light, signed-out page.
 */
export const PRERENDER_HEAD_SCRIPT =
  STORED_THEME_AND_SESSION +
  "addEventListener('submit',function(e){if(!window.cwFormsLive){e.preventDefault();window.cwHeldSubmit=e.target}},true);" +
  loadDeferredScripts() +
  // This page's markup is for a signed-out visitor: with a session, nothing of it is shown.
  "if(d.classList.contains('cw-session')||document.visibilityState==='hidden')g();else " +
  AFTER_FIRST_PAINT;

export const PRERENDER_HEAD_STYLE = '.cw-session #root[data-prerendered]{visibility:hidden}';

/**
 * A signed-in page's first view drawn at build time (spa.ts) is for a learner with a stored session;
 * anyone else is about to be sent to sign in, and sees nothing meanwhile rather than a frame.
 */
export const SIGNED_IN_SHELL_STYLE = 'html:not(.cw-session) #root[data-shell]{visibility:hidden}';

/** For the Content-Security-Policy: this script, and no other inline one, may run. */
export const PRERENDER_HEAD_SCRIPT_HASH = `'sha256-${createHash('sha256').update(PRERENDER_HEAD_SCRIPT).digest('base64')}'`;

/**
 * The API reads the signed-in pages people land on most make first (GET, with the stored session), by
 * path. Their HTML names them, and its head script starts them while the browser is still fetching
 * the app's code: the page's data no longer waits for the entry, the signed-in area's chunk and the
 * page's own chunk to load one after another. (The chunks are named in the HTML too, but asked for
 * only after the first paint: named as plain preloads they put the first paint 0.6 s later in
 * Lighthouse's mobile run, their bytes competing with the entry's; spa.ts.) The journal's reads depend on the learner's time
 * zone and stay with the app's early reads (app/signed-in-pages.ts).
 *
 * A route pattern's reads may name its parameters (`:groupId`) and the stored user's id
 * (`:userId`); FIRST_READS_SCRIPT fills them in, encoded as the app's paths encode them. The
 * web app's signed-in-pages.test.ts holds these reads to the ones the app itself starts first.
 */
export const SIGNED_IN_FIRST_READS: Record<
  string,
  { reads: string[]; coursePicture?: string; groupHeading?: string }
> = {
  // /home's largest paint is the course card's picture, named by GET /courses (prerender-head.ts).
  '/home': { reads: ['/api/v1/courses', '/api/v1/journal/summary'], coursePicture: '/api/v1/courses' },
  '/group': { reads: ['/api/v1/group/'] },
  // A leaderboard's largest paint is its heading, which names the competition (GET /group/{id}).
  '/group/:groupId/leaderboard': {
    reads: [
      '/api/v1/group/:groupId',
      '/api/v1/group/:groupId/leaderboard?offset=0&limit=50',
      '/api/v1/group/getParticipants/participants/:userId',
    ],
    groupHeading: '/api/v1/group/:groupId',
  },
};

/** The course card's picture slot while its course is on the way (the web app's ContinueLearningPending). */
const PENDING_PICTURE_CLASS = 'cw-dashboard-continue__image--pending';

/**
 * The one inline script of a signed-in page's HTML (spa.ts, SIGNED_IN_FIRST_READS): it puts the
 * stored theme on <html> and marks a stored session, as the public pages' script does (the page's
 * first view may be in the HTML, drawn at build time, and is shown only with a session:
 * SIGNED_IN_SHELL_STYLE); with a stored session, it starts the page's first API reads, named by `<meta name="cw:first-reads">` (paths,
 * space-separated), while the browser is still fetching the app's code. Each answer waits in
 * `window.cwFirstReads[path]` with the token it was asked with; the app's api-client takes it
 * for its own identical GET with the same token (startEarlyGet), or asks again. Without a session
 * (or storage) it does nothing: the app sends the visitor to sign in.
 *
 * /home's largest paint is the picture of the course to continue. When the meta's
 * `data-course-picture` names one of the reads (GET /courses), the script also fetches that picture
 * as soon as the answer is in, at high priority, by the dashboard's rule (chooseCourseToContinue in
 * apps/web/src/features/dashboard/api/first-reads.ts, which a web test holds this copy to): the first
 * open course under way, else the first open one not finished. The card's <img> then takes it from
 * the memory cache instead of asking only once the app has rendered.
 *
 * /home's first view in the HTML (the greeting and the course card while its course is on the way)
 * is completed here while it is on screen: the greeting gets the stored learner's name (homeGreeting
 * in apps/web/src/features/dashboard/home-greeting.ts), and the picture goes into the card's pending
 * slot, so /home's largest paint comes before the app's code has run. The app's first render then
 * draws the same card with the same picture (start-app.tsx waits for that answer).
 */
export const FIRST_READS_SCRIPT =
  STORED_THEME_AND_SESSION +
  ';' +
  START_ICU_BEFORE_PAINT +
  // `Y`: the first paint is on screen; `Z`: the app's code is held for /home's picture (below).
  ';var Y=0,Z=0;function S(){if(Z){Z=0;if(Y)g()}}function h(){Y=1;if(!Z)g()}' +
  // `a`: the stored auth slice the part above read (undefined without one).
  ';try{var m=document.querySelector(\'meta[name="cw:first-reads"]\');' +
  'if(a&&typeof a.token==="string"&&a.token&&m){var r=window.cwFirstReads={};' +
  // `P`: a route pattern's parameters from the address (data-route) and the stored user's id, each
  // encoded as the app encodes it; a read naming one it cannot fill is not started.
  "var P={},R=m.getAttribute('data-route'),x,y,j;if(R){x=R.split('/');y=location.pathname.split('/');" +
  "for(j=0;j<x.length;j++)if(x[j].charAt(0)===':')try{P[x[j]]=encodeURIComponent(decodeURIComponent(y[j]||''))}catch(e){}}" +
  "if(a.user&&typeof a.user._id==='string')P[':userId']=encodeURIComponent(a.user._id);" +
  // `w(f)`: f once the body is parsed; `H`: inside /home's first view only, while it is on screen.
  `var H='#root[data-shell="/home"] ';function w(f){if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',f);else f()}` +
  // /home's greeting from the stored session, by the app's rule (homeGreeting, first-visit.ts).
  "w(function(){var h=document.querySelector(H+'.cw-page-header__title'),p=document.querySelector(H+'.cw-page-header__description')," +
  "u=a.user||{},n=false;try{n=sessionStorage.getItem('cw-new-account-session')===a.token.slice(-16)}catch(e){}" +
  "if(h&&p){var t=n?'Welcome':'Welcome back';h.textContent=typeof u.firstName==='string'&&u.firstName?t+', '+u.firstName:t;" +
  "p.textContent=n?'Here is where to begin.':'Pick up where you left off.'}});" +
  "m.content.split(' ').forEach(function(p){p=p.replace(/:[A-Za-z]+/g,function(k){return P[k]||k});" +
  "if(p&&p.indexOf('/:')<0)r[p]={token:a.token,startedAt:Date.now()," +
  "response:fetch(p,{headers:{'X-Requested-With':'XMLHttpRequest',Authorization:'Bearer '+a.token}," +
  "credentials:'same-origin'}).catch(function(){return null})}});" +
  // A leaderboard's heading names its competition as soon as GET /group/{id} answers, as the page's
  // own heading does (`${name} · Leaderboard`, features/groups/routes/leaderboard.tsx): a new <h1>,
  // since the browser times an element's text once (its largest paint would stay the bare heading).
  "var G=r[(m.getAttribute('data-group-heading')||'').replace(/:[A-Za-z]+/g,function(k){return P[k]||k})];" +
  'if(G)G.response.then(function(x){return x&&x.ok?x.clone().json():null}).then(function(b){' +
  "var n=b&&b.data&&b.data.name;if(typeof n==='string'&&n)w(function(){" +
  `var h=document.querySelector('#root[data-shell="/group/:groupId/leaderboard"] h1');if(h){var e=h.cloneNode(false);e.textContent=n+' \\u00b7 Leaderboard';h.replaceWith(e)}})` +
  '}).catch(function(){});' +
  // While /home's picture is on its way, the app's code waits for it (Z: held; S: let go, once):
  // its ~50 requests would otherwise queue before the picture on the browser's six connections
  // to the server, and the largest paint would wait for them. Held 1.5 s at most.
  "var c=r[m.getAttribute('data-course-picture')];" +
  'if(c){Z=1;setTimeout(S,1500);c.response.then(function(x){return x&&x.ok?x.clone().json():null}).then(function(b){' +
  'var l=b&&b.data,o=[],k=null,i;if(!l||!l.filter)return S();' +
  'o=l.filter(function(q){return q&&!q.locked&&q.videoCount>0});' +
  'for(i=0;i<o.length&&!k;i++)if(o[i].progress>0&&o[i].progress<100)k=o[i];' +
  'for(i=0;i<o.length&&!k;i++)if(o[i].progress<100)k=o[i];' +
  // Let go once the picture is in its slot and loaded (or failed) and on screen: when the browser
  // records it as the largest paint, else 100 ms after the next two frames.
  "if(k&&k.thumbnail&&typeof k.thumbnail==='string'){var g=new Image(),L=2;" +
  "function u(){if(!--L){try{new PerformanceObserver(function(l,p){l.getEntries().forEach(function(e){if(e.element===g){p.disconnect();S()}})}).observe({type:'largest-contentful-paint',buffered:true})}catch(e){}" +
  'requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(S,100)})})}}' +
  "g.onload=g.onerror=u;g.fetchPriority='high';g.src=k.thumbnail;" +
  // The same picture into the first view's pending slot, as the card's own <img> (ContinueLearningCard).
  `w(function(){var s=document.querySelector(H+'.${PENDING_PICTURE_CLASS}');if(s){` +
  "g.className='cw-dashboard-continue__image';g.alt='';g.width=640;g.height=360;s.replaceWith(g)}u()})}else S()" +
  '}).catch(S)}}}catch(e){S()}' +
  // A first view drawn at build time (shown only with a session) paints before the app's code is
  // asked for, as the public pages do; without a session the app starts at once (to sign in).
  loadDeferredScripts() +
  "if(!d.classList.contains('cw-session')||document.visibilityState==='hidden')g();else " +
  afterFirstPaint('h');

/** For the Content-Security-Policy: the signed-in pages' one inline script. */
export const FIRST_READS_SCRIPT_HASH = `'sha256-${createHash('sha256').update(FIRST_READS_SCRIPT).digest('base64')}'`;
