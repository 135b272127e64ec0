const T0 = performance.now();
function at(ms, fn){ setTimeout(fn, Math.max(0, ms - (performance.now() - T0))); }
const $ = s => document.querySelector(s);
const LOREM = ["Our latest release brings faster sync, better offline support and a redesigned settings page that puts the controls you use most within reach.",
 "Teams around the world rely on the platform to plan, build and ship. Read how three companies cut their release cycle in half this year.",
 "Every plan includes unlimited projects, single sign-on and priority support. Compare plans below or talk to our sales team about volume pricing.",
 "The new dashboard shows what changed since your last visit, highlights the items waiting for you and lets you jump back into work in one click."];
function paras(n, k=0){ let s=''; for(let i=0;i<n;i++) s += '<p>'+LOREM[(i+k)%4]+' '+LOREM[(i+k+1)%4]+'</p>'; return s; }
function header(){ return '<header><span class="logo">Northwind</span><nav><a>Products</a><a>Solutions</a><a>Pricing</a><a>Docs</a><a>Blog</a></nav><span class="btn">Sign in</span></header>'; }
function cardsHTML(n, imgs){ let s='<div class="grid">'; for(let i=0;i<n;i++){ s+='<div class="card"><div class="ph" style="background-image:url(img/'+imgs[i%imgs.length]+')"></div><div class="tx"><h3>Story number '+(i+1)+'</h3><p>'+LOREM[i%4].slice(0,90)+'…</p></div></div>'; } return s+'</div>'; }
function standardPage(opt={}){
  const imgs = opt.imgs || ['photo1.jpg','photo2.jpg','photo4.jpg','photo5.jpg','photo6.jpg','photo3.jpg'];
  return header() + '<main><div class="hero" style="background-image:url(img/'+(opt.hero||'photo6.jpg')+')"><div class="cap">'+(opt.title||'Build better, together')+'</div></div>'
    + '<h1>'+(opt.h1||'What is new this week')+'</h1>' + paras(2) + cardsHTML(6, imgs) + '<h2>More</h2>' + paras(6,1) + '</main><footer>© 2024 Northwind Inc.</footer>';
}
