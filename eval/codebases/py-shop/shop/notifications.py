import logging
import smtplib
from email.message import EmailMessage

log = logging.getLogger(__name__)


class Mailer:
    def __init__(self, host: str, port: int, sender: str = "orders@shop.example") -> None:
        self._host = host
        self._port = port
        self._sender = sender

    def send(self, to: str, subject: str, body: str) -> None:
        message = EmailMessage()
        message["From"] = self._sender
        message["To"] = to
        message["Subject"] = subject
        message.set_content(body)
        with smtplib.SMTP(self._host, self._port, timeout=10) as smtp:
            smtp.send_message(message)


def order_confirmation(name: str, order_id: int, total: str) -> tuple[str, str]:
    subject = f"Your order {order_id}"
    body = (
        f"Hello {name},\n\n"
        f"thank you for your order {order_id}. The total is {total}.\n"
        "We will write again when it ships.\n"
    )
    return subject, body


def notify_placed(mailer: Mailer, email: str, name: str, order_id: int, total: str) -> bool:
    subject, body = order_confirmation(name, order_id, total)
    try:
        mailer.send(email, subject, body)
        return True
    except (OSError, smtplib.SMTPException) as exc:
        log.warning("confirmation for order %s not sent: %s", order_id, exc)
        return False
