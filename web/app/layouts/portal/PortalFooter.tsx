import { QrFigure } from '../../components/ui/QrFigure';
import { policeRecordHref, type SiteInfo } from '../../lib/site';
import { PoliceBadge } from './PoliceBadge';

/** Footer of portal.md §1: contact details, registration numbers and the QR image. */
export function PortalFooter({ site }: { site: SiteInfo }) {
  return (
    <footer className="portal-footer">
      <div className="container footer-inner">
        <div className="footer-contact">
          <h2>{site.name}</h2>
          {(site.address || site.postcode) && (
            <p>
              {site.address && <span className="footer-item">地址：{site.address}</span>}
              {site.postcode && <span className="footer-item">邮编：{site.postcode}</span>}
            </p>
          )}
          {site.phones.length > 0 && (
            <p>
              {site.phones.map((phone) => (
                <span key={phone.value} className="footer-item">
                  {phone.label}：{phone.value}
                </span>
              ))}
            </p>
          )}
          {site.emails.length > 0 && (
            <p>
              {site.emails.map((email) => (
                <span key={email.value} className="footer-item">
                  {email.label}邮箱：<a href={`mailto:${email.value}`}>{email.value}</a>
                </span>
              ))}
            </p>
          )}
          <p className="footer-records">
            {site.icp && (
              <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer">
                {site.icp}
              </a>
            )}
            {site.police && (
              <a
                href={policeRecordHref(site.police)}
                target="_blank"
                rel="noopener noreferrer"
                className="footer-police"
              >
                <PoliceBadge />
                {site.police}
              </a>
            )}
          </p>
          <p className="footer-copy">版权所有 © {site.name}</p>
        </div>
        <QrFigure src={site.qrImage} size={110} caption="扫码关注官方公众号" />
      </div>
    </footer>
  );
}
